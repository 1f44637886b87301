/**
 * A public onboarding page speaks for the customer behind its link: while a link session is set,
 * every API call carries the link's token (header x-onboarding-token) instead of any staff
 * session the browser may also hold, and names the link's data segment.
 */
interface LinkSession {
  token: string;
  dataSegmentId: string;
}

let current: LinkSession | null = null;

export function setLinkSession(session: LinkSession | null): void {
  current = session;
}

export function getLinkSession(): LinkSession | null {
  return current;
}

/** The header a public onboarding page sends its link token in (never in the address's query). */
export const LINK_TOKEN_HEADER = 'x-onboarding-token';
