import type { Queryable } from '../db/database';
import { queryOne } from '../db/database';
import { hmacHex } from '../crypto/aead';
import type { LinkCaller, LinkPurpose } from './access';

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
  if (token.length < 20 || token.length > 200) return null;
  const row = await queryOne<{ id: string; data_segment_id: string; purpose: LinkPurpose }>(
    db,
    `update onboarding_links set last_used_at = now()
      where token_hash = $1 and status = 'active' and expires_at > now() and purpose = any($2::text[])
      returning id, data_segment_id, purpose`,
    [hashLinkToken(hmacKey, token), [...purposes]],
  );
  return row ? { linkId: row.id, dataSegmentId: row.data_segment_id, purpose: row.purpose } : null;
}
