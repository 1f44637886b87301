import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateProfile } from './update-profile';

const proof = { otp: '123456', token: 'code-token', captcha: 'solution' };
const form = { firstName: 'Ayesha', lastName: 'Khan', email: 'ayesha@example.com' };

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
  it('sends _id, the form, the code, its token and the captcha', async () => {
    const fetchMock = answer({ status: true, message: 'Your profile is updated successfully', data: { _id: 'u1' } });
    await updateProfile('u1', form, proof);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/update-profile/u1');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ _id: 'u1', ...form, ...proof });
  });

  it('treats a response whose status is the string "false" as a refusal with its message', async () => {
    answer({ status: 'false', message: 'Profile could not be updated', data: null });
    await expect(updateProfile('u1', form, proof)).rejects.toThrow('Profile could not be updated');
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
