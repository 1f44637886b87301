import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TRiskFactorRow } from '@sanad/contracts/risk-configuration';
import { FactorForm } from './FactorForm';

const factor: TRiskFactorRow = {
  _id: '6f1c5a2e-0000-4000-8000-000000000001',
  key: 'industry',
  title: 'Industry',
  kind: 'code',
  weight: 10,
  weightShare: 0.1,
  status: 'active',
  appliesTo: ['individual', 'company'],
  missing: 'score-unknown',
  unknownScore: 50,
  reason: null,
  source: null,
  page: 'industry',
  valueCount: 40,
};

let requests: string[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push(`${init.method ?? 'GET'} ${url}`);
    return new Response(JSON.stringify({ status: false, message: 'not expected', code: 'NOT_FOUND' }), { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the factor form', () => {
  it('keeps a weight of -5 as typed and refuses it with the field message, sending nothing', async () => {
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <FactorForm item={factor} onClose={() => undefined} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const weight = screen.getByRole('textbox', { name: /Weight/ });
    fireEvent.change(weight, { target: { value: '-5' } });
    fireEvent.blur(weight);
    expect((weight as HTMLInputElement).value).toBe('-5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Weight must be a number from 0 to 1000')).length).toBeGreaterThan(0);
    await waitFor(() => expect(requests).toEqual([]));
  });
});
