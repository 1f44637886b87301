import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PASSWORD_MESSAGES } from '@sanad/contracts/passwords';
import ResetPasswordPage from './ResetPasswordPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAt(token: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/users/reset-password/${token}`]}>
          <Routes>
            <Route path="/users/reset-password/:token" element={<ResetPasswordPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the reset-password page', () => {
  it('says at once that a used or expired link is invalid, before anything is typed', async () => {
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(url);
      return json(400, {
        status: false,
        message: PASSWORD_MESSAGES.invalidLink,
        code: 'BAD_REQUEST',
        errors: { token: [PASSWORD_MESSAGES.invalidLink] },
      });
    });
    renderAt('used-token');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', PASSWORD_MESSAGES.invalidLink);
    expect(screen.queryByLabelText(/New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/users/forgot-password');
    expect(requests).toEqual(['/api/users/password/link/used-token']);
  });

  it('shows the new-password form for a live link', async () => {
    vi.stubGlobal('fetch', async () =>
      json(200, { status: true, message: PASSWORD_MESSAGES.linkValid, data: { purpose: 'password-reset' } }),
    );
    renderAt('live-token');
    expect(await screen.findByRole('button', { name: 'Reset password' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
