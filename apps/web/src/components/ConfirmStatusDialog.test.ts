import { describe, expect, it } from 'vitest';
import { confirmationText, nextStatus } from './ConfirmStatusDialog';

describe('status toggle', () => {
  it('offers archive for an active item and activate for any other', () => {
    expect(nextStatus('active')).toBe('archived');
    expect(nextStatus('archived')).toBe('active');
    expect(nextStatus('pending')).toBe('active');
  });

  it("asks with the item's title, or 'this' without one", () => {
    expect(confirmationText({ _id: '1', title: 'Checker', status: 'active' })).toBe('Are you sure you want to archive Checker?');
    expect(confirmationText({ _id: '1', title: '', status: 'archived' })).toBe('Are you sure you want to activate this?');
  });
});
