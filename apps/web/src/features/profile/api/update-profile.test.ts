import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TProfile } from '@sanad/contracts/session';
import { updateProfile } from './update-profile';

const proof = { otp: '123456', token: 'code-token', captcha: 'solution' };
const form = { firstName: 'Ayesha', lastName: 'Khan', email: 'ayesha@example.com' };
const profile: TProfile = {
  _id: 'u1',
  userId: 'u1',
  ...form,
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

function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn<typeof fetch>(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PUT users/update-profile/{id}', () => {
  it('sends _id, the form, the code, its token and the captcha, and answers the new profile', async () => {
    const fetchMock = answer({ status: true, message: 'Your profile is updated successfully', data: profile });
    expect(await updateProfile('u1', form, proof)).toEqual({ message: 'Your profile is updated successfully', data: profile });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/update-profile/u1');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ _id: 'u1', ...form, ...proof });
  });

  it("refuses with the server's first error", async () => {
    answer(
      {
        status: false,
        message: 'This email is already used by another account',
        code: 'CONFLICT',
        errors: { email: ['This email is already used by another account'] },
      },
      409,
    );
    await expect(updateProfile('u1', form, proof)).rejects.toThrow('This email is already used by another account');
  });
});
