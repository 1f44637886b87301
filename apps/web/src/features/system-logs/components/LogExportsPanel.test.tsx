import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TLogExport } from '@sanad/contracts/system-logs';
import { LogExportsPanel } from './LogExportsPanel';

const exportRow = (overrides: Partial<TLogExport>): TLogExport => ({
  _id: crypto.randomUUID(),
  status: 'pending',
  filters: {},
  fileName: null,
  downloadName: 'system-logs-2026-11-21T05-00-00.csv',
  entries: null,
  error: null,
  createdAt: '2026-11-21T05:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let requests: Array<{ method: string; url: string; body: unknown }>;
let answers: Record<string, Response | (() => Response)>;

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <LogExportsPanel filters={{ module: 'authentication' }} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  requests = [];
  answers = {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${url.split('?')[0]}`];
    if (!answer) return json(404, { status: false, message: 'not found' });
    return typeof answer === 'function' ? answer() : answer.clone();
  });
});
afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
});

describe('the exports panel', () => {
  it('offers Cancel for a pending export and Download for a completed one', async () => {
    answers['GET /api/system-logs/exports'] = json(200, {
      status: true,
      message: 'ok',
      data: [
        exportRow({ status: 'pending' }),
        exportRow({ status: 'completed', fileName: 'abcdefgh.enc', entries: 12 }),
        exportRow({ status: 'cancelled' }),
      ],
    });
    renderPanel();
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(3);
    const buttons = rows.map((row) =>
      within(row)
        .queryAllByRole('button')
        .map((button) => button.textContent),
    );
    expect(buttons).toEqual([['Cancel'], ['Download'], []]);
  });

  it("cancels with POST system-logs/cancel-export, shows the server's message and reloads the list", async () => {
    const pending = exportRow({ status: 'pending' });
    let listed = [pending];
    answers['GET /api/system-logs/exports'] = () => json(200, { status: true, message: 'ok', data: listed });
    answers['POST /api/system-logs/cancel-export'] = () => {
      listed = [{ ...pending, status: 'cancelled' }];
      return json(200, { status: true, message: 'Export cancelled' });
    };
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Export cancelled')).not.toBeNull();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ exportId: pending._id });
    expect(await screen.findByText('Cancelled')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it("starts an export with the filters and shows the first entry of the server's errors map when refused", async () => {
    answers['GET /api/system-logs/exports'] = json(200, { status: true, message: 'ok', data: [] });
    answers['POST /api/system-logs/export'] = json(422, {
      status: false,
      message: 'Validation failed',
      code: 'VALIDATION',
      errors: { dataSegmentId: ['Choose a data segment first'] },
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Choose a data segment first')).not.toBeNull();
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/system-logs/export',
      body: { module: 'authentication' },
    });
  });

  it('shows the load error, not the empty text, when the list cannot be read', async () => {
    answers['GET /api/system-logs/exports'] = json(500, { status: false, message: 'The exports could not be read' });
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toBe('The exports could not be read');
    expect(screen.queryByText(/No exports yet/)).toBeNull();
  });

  it('shows the empty text only once the list has loaded with no rows', async () => {
    const answered: Array<(response: Response) => void> = [];
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => answered.push(resolve)));
    renderPanel();
    await waitFor(() => expect(answered).toHaveLength(1));
    expect(screen.queryByText(/No exports yet/)).toBeNull();
    answered[0]?.(json(200, { status: true, message: 'ok', data: [] }));
    expect(await screen.findByText(/No exports yet/)).not.toBeNull();
  });
});
