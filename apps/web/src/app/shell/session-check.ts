import { SESSION_ALERT_WINDOW_MINUTES } from '@sanad/contracts/constants';

export function minutesUntil(expiry: number, now: number): number {
  return (expiry - now) / 60_000;
}

/** The session alert opens when the token expires in 14 to 16 minutes; the user then has 15 minutes to confirm. */
export function isInAlertWindow(expiry: number | null, now: number): boolean {
  if (expiry === null) return false;
  const minutes = minutesUntil(expiry, now);
  return minutes >= SESSION_ALERT_WINDOW_MINUTES.from && minutes <= SESSION_ALERT_WINDOW_MINUTES.to;
}
