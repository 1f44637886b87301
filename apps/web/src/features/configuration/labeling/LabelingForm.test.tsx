import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TLabeling } from '@sanad/contracts/labeling';
import { LabelingForm } from './LabelingForm';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const LABELING: TLabeling = {
  _id: '6f1c5a2e-0000-4000-8000-00000000c001',
  dataSegmentId: '6f1c5a2e-0000-4000-8000-00000000c001',
  companyName: 'Crescent Microfinance',
  whiteLabelling: true,
  displayName: '',
  clientLogo: null,
  supportEmail: '',
  supportPhone: '',
  version: 0,
  updatedBy: null,
  updatedAt: null,
};

let puts: Array<{ url: string; body: Record<string, unknown> }>;

beforeEach(() => {
  puts = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
    puts.push({ url, body: sent });
    return json({ status: true, message: 'Labeling saved successfully', data: { ...LABELING, ...sent, version: 1 } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(labeling: TLabeling = LABELING) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <LabelingForm labeling={labeling} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('labeling form', () => {
  it("saves the segment's name and contacts with the version it loaded, and previews the public header", async () => {
    renderForm();
    type('Name shown to customers', '  Crescent Microfinance Bank ');
    type('Support e-mail', 'Help@Crescent.example');
    expect(screen.getByTestId('labeling-preview').textContent).toContain('Crescent Microfinance Bank');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.url).toContain(`/api/configurations/labeling/${LABELING.dataSegmentId}`);
    expect(puts[0]?.body).toEqual({
      displayName: 'Crescent Microfinance Bank',
      clientLogo: null,
      supportEmail: 'help@crescent.example',
      supportPhone: '',
      version: 0,
    });
  });

  it('refuses a bad e-mail and phone under their fields and sends nothing', async () => {
    renderForm();
    type('Support e-mail', 'not-an-address');
    type('Support phone', 'call us');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Enter a valid email address')).length).toBeGreaterThan(0);
    expect(screen.getByText('Enter a valid phone number')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('says why a segment without white labelling cannot be labeled', () => {
    renderForm({ ...LABELING, whiteLabelling: false });
    expect(screen.getByText('White labelling is not allowed for this data segment')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
