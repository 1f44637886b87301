import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from './sign-out';

function answer(status: number, body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

beforeEach(() => {
  localStorage.setItem('token', 'a.b.c');
  localStorage.setItem('tokenExpiry', String(Date.now() + 60_000));
  localStorage.setItem('user', '{}');
  localStorage.setItem('displaySettings', '{}');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('signOut', () => {
  it("clears local storage, then leaves for the identity provider's logout page when the server names one", async () => {
    answer(200, {
      status: true,
      message: 'Logged out successfully',
      data: { logoutUrl: 'https://id.example.test/logout?id_token_hint=x' },
    });
    const leaveTo = vi.fn<(url: string) => void>();
    expect(await signOut(leaveTo)).toEqual({ error: null, isLeaving: true });
    expect(localStorage.length).toBe(0);
    expect(leaveTo).toHaveBeenCalledWith('https://id.example.test/logout?id_token_hint=x');
  });

  it('stays in Sanad after signing out of a password session', async () => {
    answer(200, { status: true, message: 'Logged out successfully' });
    const leaveTo = vi.fn<(url: string) => void>();
    expect(await signOut(leaveTo)).toEqual({ error: null, isLeaving: false });
    expect(localStorage.length).toBe(0);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('never follows a logout address that is not http or https', async () => {
    answer(200, { status: true, message: 'Logged out successfully', data: { logoutUrl: 'javascript:alert(1)' } });
    const leaveTo = vi.fn<(url: string) => void>();
    expect((await signOut(leaveTo)).isLeaving).toBe(false);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it("clears the user, token and expiry and returns the server's message when logout fails", async () => {
    answer(500, { status: false, message: 'There is something wrong', code: 'INTERNAL' });
    const leaveTo = vi.fn<(url: string) => void>();
    expect(await signOut(leaveTo)).toEqual({ error: 'There is something wrong', isLeaving: false });
    expect([localStorage.getItem('token'), localStorage.getItem('tokenExpiry'), localStorage.getItem('user')]).toEqual([null, null, null]);
    expect(localStorage.getItem('displaySettings')).toBe('{}');
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
