import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFilterDate, formatNotificationTime, toDay } from './format';

const now = new Date('2025-03-10T12:00:00Z');
const ago = (milliseconds: number) => new Date(now.getTime() - milliseconds).toISOString();

describe('formatNotificationTime', () => {
  it('reads seconds ago under a minute', () => {
    expect(formatNotificationTime(ago(1_000), now)).toBe('1 second ago');
    expect(formatNotificationTime(ago(42_500), now)).toBe('42 seconds ago');
    expect(formatNotificationTime(ago(59_999), now)).toBe('59 seconds ago');
  });

  it('reads a time a little in the future or right now as one second ago', () => {
    expect(formatNotificationTime(ago(0), now)).toBe('1 second ago');
    expect(formatNotificationTime(ago(-3_000), now)).toBe('1 second ago');
  });

  it('reads minutes ago under an hour', () => {
    expect(formatNotificationTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatNotificationTime(ago(59 * 60_000 + 59_000), now)).toBe('59 minutes ago');
  });

  it('reads hours ago under 24 hours', () => {
    expect(formatNotificationTime(ago(3_600_000), now)).toBe('1 hour ago');
    expect(formatNotificationTime(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe('23 hours ago');
  });

  it('shows the date in the house format from 24 hours on', () => {
    expect(formatNotificationTime(ago(24 * 3_600_000), now)).toBe('9 Mar 2025');
    expect(formatNotificationTime('2024-12-25T09:30:00Z', now)).toBe('25 Dec 2024');
  });
});

describe('date formats', () => {
  it('writes dates and moments in the house format', () => {
    expect(formatDate('2026-11-26T10:00:00')).toBe('26 Nov 2026');
    expect(formatDateTime('2026-11-26T14:05:00')).toBe('26 Nov 2026, 14:05');
  });

  it("keeps the spec's own formats for filters and chart axes", () => {
    expect(formatFilterDate('2026-11-06T10:00:00')).toBe('November 06, 2026');
    expect(toDay('2026-11-06T10:00:00')).toBe('2026-11-06');
  });
});
