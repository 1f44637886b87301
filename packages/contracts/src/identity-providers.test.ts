import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { identitySignInErrorMessage } from './identity-providers';

describe('identity sign-in messages', () => {
  it('explains each reason the callback can send back', () => {
    expect(identitySignInErrorMessage('unknown_user')).toBe(MESSAGES.identityUnknownUser);
    expect(identitySignInErrorMessage('inactive_user')).toBe(MESSAGES.accountNotActive);
    expect(identitySignInErrorMessage('unverified_email')).toBe(MESSAGES.identityEmailUnverified);
    expect(identitySignInErrorMessage('cancelled')).toBe(MESSAGES.identitySignInCancelled);
  });

  it('never repeats text from the address bar: anything unknown reads as a failed sign-in', () => {
    expect(identitySignInErrorMessage('Your account was hacked, call +1 555 0100')).toBe(MESSAGES.identitySignInFailed);
    expect(identitySignInErrorMessage('toString')).toBe(MESSAGES.identitySignInFailed);
  });
});
