import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { TRiskFactorRow } from '@sanad/contracts/risk-configuration';
import type { TCustomFactorField } from '@sanad/contracts/risk-custom-factors';
import { AddCustomFactorDialog, MULTI_SELECT_RULE } from './AddCustomFactorDialog';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const BRANCH: TCustomFactorField = {
  key: 'branch',
  label: 'Home branch',
  type: 'select',
  values: [
    { code: 'lhr', title: 'Lahore' },
    { code: 'khi', title: 'Karachi' },
  ],
};

const ADDED: TRiskFactorRow = {
  _id: '6f1c5a2e-0000-4000-8000-000000000001',
  key: 'custom:branch',
  title: 'Home branch',
  kind: 'code',
  weight: 0,
  weightShare: 0,
  status: 'active',
  appliesTo: ['individual'],
  missing: 'exclude',
  unknownScore: 50,
  reason: null,
  source: null,
  page: 'custom-factor/branch',
  valueCount: 2,
};

const VERSION = { version: 'h2', wordListVersion: 'w1', seq: 2, changedAt: '2026-01-01T00:00:00.000Z', changedBy: 'Risk officer' };

let fields: TCustomFactorField[];
let posts: Array<{ url: string; body: unknown }>;

beforeEach(() => {
  fields = [BRANCH];
  posts = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if ((init?.method ?? 'GET') === 'POST') {
      posts.push({ url, body: JSON.parse(String(init?.body)) });
      return json({
        status: true,
        message: 'Home branch added as a risk factor with weight 0',
        data: { item: ADDED, version: VERSION, isChanged: true },
      });
    }
    return json({ status: true, message: 'OK', data: fields });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/configuration/sanad-engine/risk']}>
          <Routes>
            <Route path="/configuration/sanad-engine/risk" element={<AddCustomFactorDialog />} />
            <Route path="/configuration/sanad-engine/custom-factor/:fieldKey" element={<p>Value page</p>} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('Add a factor from a custom field', () => {
  it('shows the values the chosen field starts with, adds it and opens its value page', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Add a factor from a custom field' }));
    const add = await screen.findByRole('button', { name: 'Add factor' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Select field branch, 2 values')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Home branch' }));
    expect(await screen.findByText('Lahore')).toBeTruthy();
    expect(screen.getByText('Karachi')).toBeTruthy();
    fireEvent.click(add);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.url).toContain('configurations/risk/custom-factors');
    expect(posts[0]?.body).toMatchObject({ fieldKey: 'branch' });
    expect(await screen.findByText('Value page')).toBeTruthy();
  });

  it('offers a multi-select field and says that its highest-scoring chosen option counts', async () => {
    fields = [
      BRANCH,
      {
        key: 'sourceOfFunds',
        label: 'Source of funds',
        type: 'multi-select',
        values: [
          { code: 'salary', title: 'Salary' },
          { code: 'crypto', title: 'Crypto trading' },
        ],
      },
    ];
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Add a factor from a custom field' }));
    expect(await screen.findByText('Multi-select field sourceOfFunds, 2 values')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Home branch' }));
    expect(screen.queryByText(MULTI_SELECT_RULE)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Source of funds' }));
    expect(await screen.findByText('Crypto trading')).toBeTruthy();
    expect(screen.getByText(MULTI_SELECT_RULE)).toBeTruthy();
  });

  it('says how to get a field when none is left to add, and sends nothing', async () => {
    fields = [];
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Add a factor from a custom field' }));
    expect(await screen.findByText(/No published select, multi-select or yes\/no custom field is left to add/)).toBeTruthy();
    expect(posts).toEqual([]);
  });
});
