import { describe, expect, it } from 'vitest';
import { invitationMail } from './invitation';

const invitation = {
  email: 'amina@client.test',
  firstName: 'Amina',
  companyName: 'Acme Bank',
  inviterName: 'Sara Khan',
  kind: 'system' as const,
  dataSegmentId: null,
};
const link = 'https://sanad.example/users/create-password/abc';

describe('the invitation e-mail', () => {
  it('names the inviter and the company the invitee joins on Sanad, with the link', () => {
    const mail = invitationMail(invitation, link);
    expect(mail.subject).toBe('You are invited to join Acme Bank on Sanad');
    expect(mail.text).toContain('Sara Khan has invited you to join Acme Bank on Sanad. Use the link below');
    expect(mail.text).toContain(link);
    expect(mail.isSensitive).toBe(true);
  });

  it('never reads "Sanad for Sanad" when the company is called Sanad, or has no name', () => {
    for (const companyName of ['Sanad', ' sanad ', '']) {
      const mail = invitationMail({ ...invitation, companyName }, link);
      expect(mail.subject).toBe('You are invited to Sanad');
      expect(mail.text).toContain('Sara Khan has invited you to Sanad. Use the link');
      expect(`${mail.subject} ${mail.text}`).not.toMatch(/Sanad (for|on) Sanad/i);
    }
  });

  it('reads naturally without an inviter and escapes names in the HTML part', () => {
    const mail = invitationMail({ ...invitation, inviterName: '', companyName: 'A&B <Ltd>' }, link);
    expect(mail.text).toContain('You have been invited to join A&B <Ltd> on Sanad.');
    expect(mail.html).toContain('A&#38;B &#60;Ltd&#62;');
    expect(mail.html).not.toContain('<Ltd>');
  });
});
