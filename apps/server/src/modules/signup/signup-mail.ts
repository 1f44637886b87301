import { PRODUCT_NAME } from '@sanad/contracts/constants';
import type { OutgoingMessage } from '../../platform/messaging/outbox';

/** The e-mails of the sign-up flow. Plain text: nothing the sender typed is ever rendered as HTML. */
export function activationMail(input: {
  to: string;
  fullName: string;
  companyName: string;
  tier: number;
  link: string;
  dataSegmentId: string;
}): OutgoingMessage {
  return {
    dataSegmentId: input.dataSegmentId,
    channel: 'email',
    recipient: input.to,
    subject: `Activate your ${PRODUCT_NAME} trial account`,
    isSensitive: true,
    text: [
      `Hello ${input.fullName},`,
      '',
      `Thank you for signing up for ${PRODUCT_NAME}. The trial account of ${input.companyName} is ready, with ${input.tier} onboardings to try the service.`,
      '',
      'Set your password and activate your account with this link. It works once and expires in 7 days:',
      input.link,
      '',
      'If you did not sign up, ignore this e-mail: nothing happens until the link is used.',
    ].join('\n'),
  };
}

/** Sent instead when the address already has an account, so the sign-up answer reveals nothing. */
export function existingAccountMail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  dataSegmentId: string | null;
}): OutgoingMessage {
  return {
    dataSegmentId: input.dataSegmentId,
    channel: 'email',
    recipient: input.to,
    subject: `Sign-up attempt with your ${PRODUCT_NAME} e-mail address`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `Someone, hopefully you, tried to sign up for ${PRODUCT_NAME} with this e-mail address. It already belongs to an account, so no new account was created.`,
      '',
      `To sign in, go to ${input.publicUrl}/`,
      `If you forgot your password, reset it at ${input.publicUrl}/users/forgot-password`,
      '',
      'If it was not you, ignore this e-mail: nothing has changed.',
    ].join('\n'),
  };
}

/** The address has an account still waiting for activation: a fresh link replaces the old one. */
export function pendingAccountMail(input: { to: string; firstName: string; link: string; dataSegmentId: string | null }): OutgoingMessage {
  return {
    dataSegmentId: input.dataSegmentId,
    channel: 'email',
    recipient: input.to,
    subject: `Activate your ${PRODUCT_NAME} account`,
    isSensitive: true,
    text: [
      `Hello ${input.firstName},`,
      '',
      'This e-mail address already has an account that is waiting to be activated. Set your password and activate it with this link. It works once and expires in 7 days:',
      input.link,
      '',
      'If you did not ask for this, ignore this e-mail.',
    ].join('\n'),
  };
}
