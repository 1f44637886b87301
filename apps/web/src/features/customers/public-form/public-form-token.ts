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

/**
 * The continue link the server sends to the verified contact is the form's address with
 * `#continue=<token>`: a fragment never reaches a server, a log or a Referer. Its token becomes
 * this tab's journey (replacing one started here before); null when the fragment holds none.
 */
export function takeContinueToken(dataSegmentId: string, hash: string): string | null {
  const token = /^#continue=([A-Za-z0-9_-]{20,100})$/.exec(hash)?.[1];
  if (!token) return null;
  keepPublicFormToken(dataSegmentId, token);
  return token;
}
