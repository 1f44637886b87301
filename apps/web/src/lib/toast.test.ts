import { describe, expect, it } from 'vitest';
import { MAILBOX_MESSAGES } from '@sanad/contracts/mailbox';
import { STAFF_MESSAGES } from '@sanad/contracts/users';
import { withMailboxHint } from './toast';

describe('toast messages about e-mail', () => {
  it('says where an invitation really is when no mail server is set up', () => {
    expect(withMailboxHint(STAFF_MESSAGES.userCreated, true)).toBe(`${STAFF_MESSAGES.userCreated}. ${MAILBOX_MESSAGES.toastHint}`);
  });

  it('leaves the message alone with a mail server, and leaves other messages alone', () => {
    expect(withMailboxHint(STAFF_MESSAGES.userCreated, false)).toBe(STAFF_MESSAGES.userCreated);
    expect(withMailboxHint(STAFF_MESSAGES.userUpdated, true)).toBe(STAFF_MESSAGES.userUpdated);
  });
});
