import { describe, expect, it } from 'vitest';
import { isInAlertWindow } from './session-check';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const inMinutes = (minutes: number) => now + minutes * 60_000;

describe('session expiry alert window', () => {
  it('opens between 14 and 16 minutes before expiry', () => {
    expect(isInAlertWindow(inMinutes(14), now)).toBe(true);
    expect(isInAlertWindow(inMinutes(15), now)).toBe(true);
    expect(isInAlertWindow(inMinutes(16), now)).toBe(true);
  });

  it('stays closed outside the window and without a session', () => {
    expect(isInAlertWindow(inMinutes(13.9), now)).toBe(false);
    expect(isInAlertWindow(inMinutes(16.1), now)).toBe(false);
    expect(isInAlertWindow(inMinutes(60), now)).toBe(false);
    expect(isInAlertWindow(null, now)).toBe(false);
  });
});
