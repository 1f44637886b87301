import { describe, expect, it } from 'vitest';
import { continueLinkMessage } from './continue-link-message';
import { deepLinkMessage } from './deep-link-message';
import { lifetimeIn } from '../../platform/messaging/message-layout';

describe('messages with links to customers', () => {
  it("says a link's lifetime in each language, Arabic with its dual and plural forms", () => {
    expect([24, 48, 7 * 24, 14 * 24, 1, 12].map((hours) => lifetimeIn('en', hours))).toEqual([
      '1 day',
      '2 days',
      '7 days',
      '14 days',
      '1 hour',
      '12 hours',
    ]);
    expect([24, 48, 7 * 24, 14 * 24, 2, 5].map((hours) => lifetimeIn('ar', hours))).toEqual([
      'يوم واحد',
      'يومين',
      '7 أيام',
      '14 يومًا',
      'ساعتين',
      '5 ساعات',
    ]);
    expect(lifetimeIn('ur', 7 * 24)).toBe('7 دن');
  });

  it('escapes what staff or the segment typed in the HTML part, and lays Urdu out right to left', () => {
    const message = deepLinkMessage({
      dataSegmentId: 's',
      channel: 'email',
      recipient: 'a@b.test',
      firstName: '<b>Ali</b>',
      companyName: 'Acme & "Sons"',
      url: 'https://sanad.test/s/t/deep-register',
      validForHours: 72,
      language: 'ur',
    });
    expect(message.html).toMatch(/^<div lang="ur" dir="rtl" style="text-align:right">/);
    expect(message.html).toContain('&#60;b&#62;Ali&#60;/b&#62;');
    expect(message.html).toContain('Acme &#38; &#34;Sons&#34;');
    expect(message.text).toContain('3 دن میں ختم ہو جائے گا');
  });

  it('sends the continue link by SMS to a mobile number the journey verified', () => {
    const message = continueLinkMessage({
      dataSegmentId: 's',
      channel: 'sms',
      recipient: '+923001234567',
      firstName: 'Sana',
      companyName: '',
      url: 'https://sanad.test/s/register#continue=abc',
      expiresAt: '2026-12-05T10:00:00.000Z',
      language: 'en',
    });
    expect(message).toMatchObject({ channel: 'sms', isSensitive: true });
    expect(message.text).toBe(
      'Sanad: continue your registration at https://sanad.test/s/register#continue=abc (until 2026-12-05). Do not share this link.',
    );
  });
});
