import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTarget } from './paths';

describe('paths', () => {
  it('remembers only same-site paths', () => {
    expect(safeRedirectTarget('/users')).toBe('/users');
    expect(safeRedirectTarget('//evil.example')).toBeNull();
    expect(safeRedirectTarget('https://evil.example')).toBeNull();
    expect(safeRedirectTarget('/\\evil.example')).toBeNull();
  });

  it('sends a visitor to the login page with the wanted path, except for the login page itself', () => {
    expect(loginPathFor('/users?startAt=2')).toBe('/?redirectTo=%2Fusers%3FstartAt%3D2');
    expect(loginPathFor('/')).toBe('/');
  });
});
