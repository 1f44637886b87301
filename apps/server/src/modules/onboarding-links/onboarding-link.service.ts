import type { TListQuery } from '@sanad/contracts/http';
import type { TOnboardingLink, TOnboardingLinkRequest } from '@sanad/contracts/idv';
import type { Database } from '../../platform/db/database';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { hashLinkToken } from '../../platform/auth/onboarding-links';
import { randomToken } from '../../platform/crypto/aead';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { insertOnboardingLink, listOnboardingLinks, revokeOnboardingLink, type OnboardingLinkRow } from './onboarding-link.repository';

function toLink(row: OnboardingLinkRow): TOnboardingLink {
  const isExpired = row.status === 'active' && row.expires_at.getTime() <= Date.now();
  return {
    _id: row.id,
    purpose: row.purpose,
    status: isExpired ? 'expired' : row.status,
    email: row.recipient_email,
    phoneNumber: row.recipient_phone,
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/** The public address of a link, in the spec's route shapes (000 §2). */
export function linkUrl(publicUrl: string, dataSegmentId: string, token: string, purpose: string): string {
  if (purpose === 'document-upload') return `${publicUrl}/${dataSegmentId}/${token}/document-upload`;
  if (purpose === 'dynamic-register') return `${publicUrl}/${dataSegmentId}/${token}/dynamic-register`;
  return `${publicUrl}/${dataSegmentId}/${token}/deep-register`;
}

export function createOnboardingLinkService({ db, hmacKey, publicUrl }: { db: Database; hmacKey: Buffer; publicUrl: string }) {
  return {
    /** Creates a link with 256 random bits; the address is returned once and only its HMAC is kept. */
    async create(actor: Actor, input: TOnboardingLinkRequest, meta: RequestMeta): Promise<TOnboardingLink> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      const token = randomToken(32);
      const row = await db.transaction(async (tx) => {
        const created = await insertOnboardingLink(tx, {
          dataSegmentId,
          tokenHash: hashLinkToken(hmacKey, token),
          purpose: input.purpose,
          email: input.email ?? null,
          phone: input.phoneNumber ?? null,
          validForDays: input.validForDays,
          createdBy: actor.userId,
        });
        await appendAudit(tx, {
          dataSegmentId,
          actor: { id: actor.userId, name: actor.name },
          module: 'customers',
          action: 'created_onboarding_link',
          entityType: 'onboarding_link',
          entityId: created.id,
          summary: `Created a ${input.purpose} link valid for ${input.validForDays} days`,
          ip: meta.ip,
          requestId: meta.requestId,
        });
        return created;
      });
      return { ...toLink(row), url: linkUrl(publicUrl, dataSegmentId, token, input.purpose) };
    },

    async list(actor: Actor, query: TListQuery): Promise<Page<TOnboardingLink>> {
      const page = await listOnboardingLinks(db, targetSegment(actor, query.dataSegmentId), query);
      return { rows: page.rows.map(toLink), total: page.total };
    },

    async revoke(actor: Actor, id: string, requested: string | undefined, meta: RequestMeta): Promise<TOnboardingLink> {
      const dataSegmentId = targetSegment(actor, requested);
      const row = await db.transaction(async (tx) => {
        const revoked = await revokeOnboardingLink(tx, dataSegmentId, id);
        if (!revoked) throw AppError.notFound();
        await appendAudit(tx, {
          dataSegmentId,
          actor: { id: actor.userId, name: actor.name },
          module: 'customers',
          action: 'revoked_onboarding_link',
          entityType: 'onboarding_link',
          entityId: id,
          ip: meta.ip,
          requestId: meta.requestId,
        });
        return revoked;
      });
      return toLink(row);
    },
  };
}

export type OnboardingLinkService = ReturnType<typeof createOnboardingLinkService>;
