import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TProfile } from '@sanad/contracts/session';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { UpdateProfileDialog } from './UpdateProfileDialog';

const user: TProfile = {
  _id: 'u1',
  userId: 'u1',
  firstName: 'Ayesha',
  lastName: 'Khan',
  email: 'ayesha@example.com',
  username: 'ayesha',
  phoneNumber: null,
  roleName: 'Administrator',
  avatar: null,
  accountType: 'full',
  kyb: false,
  userGuide: false,
  dataSegmentIds: [],
  scopes: [],
  kycRole: null,
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderDialog() {
  const onClose = vi.fn<() => void>();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <UpdateProfileDialog opened user={user} onClose={onClose} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

const pressEscape = () => fireEvent.keyDown(document.body, { key: 'Escape' });

beforeEach(() => {
  localStorage.setItem('user', JSON.stringify(user));
  vi.stubGlobal('fetch', async () =>
    json({
      status: true,
      message: 'OTP has been sent successfully',
      data: { token: 'code-token', channel: 'email', destination: 'ay***@example.com', expiresIn: 120, phoneNumber: null },
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Update Profile', () => {
  it('closes with Esc', async () => {
    const onClose = renderDialog();
    await screen.findByRole('dialog', { name: 'Update Profile' });
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves Esc to the code dialog while a code step is open', async () => {
    const onClose = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Update Profile' });
    fireEvent.click(dialog.querySelector('button[type="submit"]') ?? dialog);
    await screen.findByRole('dialog', { name: 'Two-Factor Authentication' });
    pressEscape();
    expect(onClose).not.toHaveBeenCalled();
    expect(await screen.findByRole('dialog', { name: 'Update Profile' })).toBeTruthy();
  });
});

describe('Change Password', () => {
  it('closes with Esc', async () => {
    const onClose = vi.fn<() => void>();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider env="test">
          <MemoryRouter>
            <ChangePasswordDialog opened onClose={onClose} />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    await screen.findByRole('dialog', { name: 'Change Password' });
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
