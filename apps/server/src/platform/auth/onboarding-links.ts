import { hmacHex } from '../crypto/aead';
import type { Queryable } from '../db/database';
import type { LinkCaller, LinkPurpose } from './access';
import { touchLiveOnboardingLink } from './onboarding-link.repository';

/** The header a public onboarding page sends its link token in (never in a query string, which logs keep). */
export const LINK_TOKEN_HEADER = 'x-onboarding-token';

export function hashLinkToken(hmacKey: Buffer, token: string): string {
  return hmacHex(hmacKey, `onboarding-link:${token}`);
}

/** The live link a token belongs to, if its purpose is one of `purposes`; records its use. */
export async function resolveOnboardingLink(
  db: Queryable,
  hmacKey: Buffer,
  token: string,
  purposes: readonly LinkPurpose[],
): Promise<LinkCaller | null> {
  if (token.length < 20 || token.length > 200 || purposes.length === 0) return null;
  const row = await touchLiveOnboardingLink(db, hashLinkToken(hmacKey, token), purposes);
  return row ? { linkId: row.id, dataSegmentId: row.dataSegmentId, purpose: row.purpose } : null;
}
