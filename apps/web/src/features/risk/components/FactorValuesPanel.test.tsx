import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TFactorValueRow, TRiskFactorRow } from '@sanad/contracts/risk-configuration';
import { FactorValuesPanel, factorOfPage } from './FactorValuesPanel';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const FACTOR: TRiskFactorRow = {
  _id: '6f1c5a2e-0000-4000-8000-000000000001',
  key: 'custom:branch',
  title: 'Home branch',
  kind: 'code',
  weight: 20,
  weightShare: 0.1,
  status: 'active',
  appliesTo: ['individual'],
  missing: 'exclude',
  unknownScore: 50,
  reason: null,
  source: null,
  page: 'custom-factor/branch',
  valueCount: 1,
};
const LAHORE: TFactorValueRow = {
  _id: '6f1c5a2e-0000-4000-8000-000000000002',
  factorKey: 'custom:branch',
  code: 'lhr',
  title: 'Lahore',
  score: 90,
  overrideTo: null,
  min: null,
  max: null,
  hitType: null,
  status: 'active',
  reason: null,
  source: null,
};

let requests: string[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    requests.push(url);
    const rows = url.includes('custom-factors/branch/values') ? [LAHORE] : [FACTOR];
    return json({ status: true, message: 'OK', data: rows, pagination: { total: rows.length, current: 1, next: null, perPage: 10 } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a custom field factor's value page", () => {
  it('is a code factor named by the field key', () => {
    expect(factorOfPage('custom-factor/branch')).toEqual({ factorKey: 'custom:branch', kind: 'code' });
    expect(factorOfPage('country')).toEqual({ factorKey: 'country', kind: 'code' });
    expect(factorOfPage('custom-factor/not a key')).toBeNull();
  });

  it("lists the factor's values from its own path, with the factor's weight", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider env="test">
          <MemoryRouter>
            <FactorValuesPanel page="custom-factor/branch" />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Lahore')).toBeTruthy();
    expect(await screen.findByText(/Weight/)).toBeTruthy();
    await waitFor(() => expect(requests.some((url) => url.includes('/api/configurations/risk/custom-factors/branch/values?'))).toBe(true));
  });
});
