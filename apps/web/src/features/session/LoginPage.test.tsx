import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import LoginPage from './LoginPage';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function serve(isSignUpOpen: boolean): void {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.startsWith('/api/users/signup/settings'))
      return json({ status: true, message: 'Fetched successfully', data: { isOpen: isSignUpOpen } });
    if (url.startsWith('/api/users/oidc/providers')) return json({ status: true, message: 'Fetched successfully', data: [] });
    return new Response(JSON.stringify({ status: false, message: 'not found', code: 'NOT_FOUND' }), { status: 404 });
  });
}

function renderLoginPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LoginPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the login page', () => {
  it('offers a free trial where the installation takes public sign-ups', async () => {
    serve(true);
    renderLoginPage();
    expect((await screen.findByRole('link', { name: 'Start a free trial' })).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact-us');
  });

  it('shows no sign-up link where sign-up is off, so no link leads to a page that refuses', async () => {
    serve(false);
    renderLoginPage();
    await screen.findByRole('link', { name: 'Contact us' });
    // Give the settings call time to answer before concluding the link stays away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Start a free trial' })).toBeNull();
  });
});
