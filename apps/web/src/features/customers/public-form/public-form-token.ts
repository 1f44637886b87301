import type { StepName } from '../self-register/steps';

/**
 * The older public form's address of a step: /:dataSegmentId/register/<step> (upload-document is
 * also /:dataSegmentId/register). The journey's token is not part of it.
 */
export function publicFormPath(dataSegmentId: string, step: StepName): string {
  return `/${dataSegmentId}/register/${step}`;
}

/**
 * The journey's link token is kept in this tab's session storage, one per segment: a reload (or the
 * Back button) continues the journey, while the token never appears in the address, the history,
 * a Referer header or the server's request log, and is gone when the tab is closed.
 */
const tokenKey = (dataSegmentId: string) => `sanad.publicForm.${dataSegmentId}`;

export function readPublicFormToken(dataSegmentId: string): string | null {
  const token = sessionStorage.getItem(tokenKey(dataSegmentId));
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

export function keepPublicFormToken(dataSegmentId: string, token: string): void {
  sessionStorage.setItem(tokenKey(dataSegmentId), token);
}

export function forgetPublicFormToken(dataSegmentId: string): void {
  sessionStorage.removeItem(tokenKey(dataSegmentId));
}
