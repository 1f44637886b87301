import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TBranding } from '@sanad/contracts/branding';
import { DEFAULT_DISPLAY_SETTINGS } from '@sanad/contracts/branding-defaults';
import { BrandingForm } from './BrandingForm';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const BRANDING: TBranding = {
  _id: '6f1c5a2e-0000-4000-8000-00000000b001',
  colors: DEFAULT_DISPLAY_SETTINGS.colors,
  logo: { dark: null, light: null },
  version: 3,
  updatedBy: null,
  updatedAt: null,
  canEdit: true,
};

let puts: Array<{ url: string; body: Record<string, unknown> }>;

beforeEach(() => {
  puts = [];
  localStorage.clear();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
    puts.push({ url, body: sent });
    return json({ status: true, message: 'Branding saved successfully', data: { ...BRANDING, ...sent, version: 4 } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(branding: TBranding = BRANDING) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <BrandingForm branding={branding} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const colour = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('branding form', () => {
  it('refuses a colour that is not #RRGGBB and sends nothing', async () => {
    renderForm();
    colour('Secondary colour', 'gold');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Use a colour in the form #RRGGBB')).length).toBeGreaterThan(0);
    expect(puts).toEqual([]);
  });

  it('refuses a palette whose text would not be readable, as the server does', async () => {
    renderForm();
    colour('Light colour', '#222222');
    colour('Dark colour', '#111111');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(/The dark colour must stand out from the light colour/)).length).toBeGreaterThan(0);
    expect(puts).toEqual([]);
  });

  it('saves the colours with the version it loaded, and the app takes them at once', async () => {
    renderForm();
    colour('Primary colour', '#1D4ED8');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.url).toContain(`/api/configurations/branding/${BRANDING._id}`);
    expect(puts[0]?.body).toMatchObject({ colors: { primary: '#1D4ED8' }, version: 3 });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('displaySettings') ?? '{}')).toMatchObject({ colors: { primary: '#1D4ED8' } }),
    );
  });

  it('puts the defaults back in the form on reset, saving nothing until asked', () => {
    renderForm({ ...BRANDING, colors: { ...BRANDING.colors, primary: '#1D4ED8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect((screen.getByLabelText('Primary colour') as HTMLInputElement).value).toBe(DEFAULT_DISPLAY_SETTINGS.colors.primary);
    expect(puts).toEqual([]);
  });

  it('shows the branding read-only to a user confined to some data segments', () => {
    renderForm({ ...BRANDING, canEdit: false });
    expect(screen.getByText(/only a user who works across all data segments may change it/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
