import type { LightMyRequestResponse } from 'fastify';
import type { TGenerateOtpResponse, TOtpPurpose } from '@sanad/contracts/otp';
import type { Queryable } from '../platform/db/database';
import { bearer, type TestApp } from './test-app';
import { solveCaptcha } from './captcha-solver';

let addressCount = 0;
/**
 * A fresh client address per call: sign-in and the captcha challenge are rate limited per address,
 * and these tests sign in and solve captchas far more often than one person would.
 */
export function nextAddress(): string {
  addressCount += 1;
  return `10.${Math.floor(addressCount / 65_536) % 256}.${Math.floor(addressCount / 256) % 256}.${addressCount % 256}`;
}

export async function signInFresh(t: TestApp, email: string, password: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { accessToken: string } }).data.accessToken;
}

export const freshCaptcha = (t: TestApp) => solveCaptcha(t.app, nextAddress());

/** Asks for a code as the web app does; fails the test unless the server accepts. */
export async function requestCode(
  t: TestApp,
  token: string,
  purpose: TOtpPurpose,
  fields: Record<string, string> = {},
): Promise<TGenerateOtpResponse> {
  const response = await postCodeRequest(t, token, purpose, fields);
  if (response.statusCode !== 200) throw new Error(`code request failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: TGenerateOtpResponse }).data;
}

export function postCodeRequest(
  t: TestApp,
  token: string,
  purpose: TOtpPurpose,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/configurations/generate-otp-auth/',
    headers: bearer(token),
    payload: { purpose, mobileNo: '', name: 'Test', email: 'someone@sanad.test', emailText: 'Your code', ...fields },
  });
}

/** The code in the newest message to a recipient, read from the outbox as the mail would carry it. */
export async function codeSentTo(db: Queryable, recipient: string): Promise<string> {
  const result = await db.query<{ body_text: string }>(
    'select body_text from outbox where recipient = $1 order by created_at desc limit 1',
    [recipient],
  );
  const code = /\b(\d{6})\b/.exec(result.rows[0]?.body_text ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
}

/** A six-digit code that is not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Send limits count per destination; tests that need many codes for one user start afresh. */
export async function resetSendLimits(db: Queryable): Promise<void> {
  await db.query("delete from rate_counters where key like 'otp:%'");
}

/** A public journey's code request (POST onboarding/generate-otp-auth) with the link's token. */
export async function postContactCodeRequest(
  t: TestApp,
  linkToken: string,
  dataSegmentId: string,
  fields: Record<string, string | undefined>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/onboarding/generate-otp-auth',
    headers: { 'x-onboarding-token': linkToken },
    remoteAddress: nextAddress(),
    payload: { dataSegmentId, cToken: await freshCaptcha(t), ...fields },
  });
}

/** A public journey's code check (POST onboarding/verify-otp). */
export function postContactCodeCheck(
  t: TestApp,
  linkToken: string,
  dataSegmentId: string,
  otp: string,
  token: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/onboarding/verify-otp',
    headers: { 'x-onboarding-token': linkToken },
    remoteAddress: nextAddress(),
    payload: { dataSegmentId, otp, token },
  });
}

/**
 * Proves a journey's contact as the customer does: a code to the e-mail (the default segment
 * verifies e-mail), read from the outbox, sent back. Fails the test unless both calls succeed.
 */
export async function verifyJourneyContact(t: TestApp, linkToken: string, dataSegmentId: string, email: string): Promise<void> {
  const requested = await postContactCodeRequest(t, linkToken, dataSegmentId, { email });
  if (requested.statusCode !== 200) throw new Error(`contact code request failed: ${requested.statusCode} ${requested.body}`);
  const { token } = (requested.json() as { data: TGenerateOtpResponse }).data;
  const checked = await postContactCodeCheck(t, linkToken, dataSegmentId, await codeSentTo(t.context.db, email), token);
  if (checked.statusCode !== 200) throw new Error(`contact code check failed: ${checked.statusCode} ${checked.body}`);
}
