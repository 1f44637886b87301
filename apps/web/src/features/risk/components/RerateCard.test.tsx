import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TRerateOverview } from '@sanad/contracts/risk-rating';
import { RerateCard, rerateConfirmationText } from './RerateCard';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const overview = (customers: number): TRerateOverview => ({ currentVersion: 'v2', customers, outdated: customers, lastRun: null });

let customers = 0;
let posts: string[] = [];

beforeEach(() => {
  customers = 1200;
  posts = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if ((init?.method ?? 'GET') === 'POST') {
      posts.push(url);
      return json({ status: true, message: 'Re-rating started', data: null });
    }
    return json({ status: true, message: 'OK', data: overview(customers) });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <RerateCard />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('Re-rate all customers', () => {
  it('asks for confirmation, naming how many customers the run will touch as counted now', async () => {
    renderCard();
    await screen.findByText(/1,200 of 1,200 customers/);
    customers = 1234;
    fireEvent.click(screen.getByRole('button', { name: 'Re-rate all customers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-rate all customers?' });
    expect(dialog.textContent).toContain('This re-rates 1,234 customers');
    expect(posts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Re-rate' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toContain('configurations/risk/rerate');
  });

  it('starts nothing when the confirmation is cancelled', async () => {
    renderCard();
    await screen.findByText(/1,200 of 1,200 customers/);
    fireEvent.click(screen.getByRole('button', { name: 'Re-rate all customers' }));
    await screen.findByRole('dialog', { name: 'Re-rate all customers?' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
  });

  it('says so when there is nobody to re-rate, and uses the singular for one customer', () => {
    expect(rerateConfirmationText(0)).toBe('This data segment has no customers yet: the run will rate nobody.');
    expect(rerateConfirmationText(1)).toMatch(/^This re-rates 1 customer with/);
  });
});
