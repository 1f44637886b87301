import { z } from 'zod';
import { safeText } from './safe-text';

/** Fields of the forms a signed-out visitor sends with a captcha (sign-up, contact us). */

export const requiredText = (label: string, max: number) =>
  safeText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
  );

export const ZGuestEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

/** ALTCHA solution; the server answers 428 when it is missing, used or wrong. */
export const ZCaptchaSolution = z.string().max(4096).optional();
