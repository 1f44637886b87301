import type { TOnboardingLink, TOnboardingLinkListQuery, TOnboardingLinkRequest } from '@sanad/contracts/onboarding-links';
import type { Database, Queryable } from '../../platform/db/database';
import { SYSTEM_SOURCE, appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { hashLinkToken } from '../../platform/auth/onboarding-links';
import { randomToken } from '../../platform/crypto/aead';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { deepLinkMessage } from './deep-link-message';
import { insertDocumentRequest } from './document-upload.repository';
import { insertOnboardingLink, listOnboardingLinks, revokeOnboardingLink } from './onboarding-link.repository';
import { segmentCompanyName } from './temp-customer.repository';

/** The public address of a link: the segment, the token and the journey it opens. */
export function linkUrl(publicUrl: string, dataSegmentId: string, token: string, purpose: string, source?: string): string {
  if (purpose === 'document-upload') return `${publicUrl}/${dataSegmentId}/${token}/document-upload`;
  if (purpose === 'dynamic-register') return `${publicUrl}/${dataSegmentId}/${token}/dynamic-register${source ? `/${source}` : ''}`;
  return `${publicUrl}/${dataSegmentId}/${token}/deep-register`;
}

interface OnboardingLinkDeps {
  db: Database;
  hmacKey: Buffer;
  publicUrl: string;
  /** The segment's configured link lifetime in days, used when a request does not give one. */
  defaultLifetimeDays?: (dataSegmentId: string) => Promise<number>;
}

/** A request without a lifetime and no configuration to ask: the configuration's own default. */
const FALLBACK_LIFETIME_DAYS = 7;

export function createOnboardingLinkService({ db, hmacKey, publicUrl, defaultLifetimeDays }: OnboardingLinkDeps) {
  return {
    /** Creates a link with 256 random bits; the address is returned once and only its HMAC is kept. */
    async create(actor: Actor, input: TOnboardingLinkRequest, meta: RequestMeta): Promise<TOnboardingLink> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      const token = randomToken(32);
      const url = linkUrl(publicUrl, dataSegmentId, token, input.purpose, input.source);
      const validForDays = input.validForDays ?? (defaultLifetimeDays ? await defaultLifetimeDays(dataSegmentId) : FALLBACK_LIFETIME_DAYS);
      const row = await db.transaction(async (tx) => {
        const created = await insertOnboardingLink(tx, {
          dataSegmentId,
          tokenHash: hashLinkToken(hmacKey, token),
          purpose: input.purpose,
          email: input.email ?? null,
          phone: input.phoneNumber ?? null,
          validForDays,
          createdBy: actor.userId,
        });
        const channel = input.email ? 'email' : 'sms';
        const recipient = input.email ?? input.phoneNumber;
        if (input.isSent && recipient) {
          // Written with the link: the message leaves only if the link exists.
          await enqueueMessage(
            tx,
            deepLinkMessage({
              dataSegmentId,
              channel,
              recipient,
              firstName: '',
              companyName: await segmentCompanyName(tx, dataSegmentId),
              url,
              validForHours: validForDays * 24,
              language: input.language ?? 'en',
            }),
          );
        }
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'created_onboarding_link',
          entityType: 'onboarding_link',
          entityId: created._id,
          summary: `Created a ${input.purpose} link valid for ${validForDays} days${input.source ? ` (source ${input.source})` : ''}${
            input.isSent ? `, sent by ${channel === 'email' ? 'e-mail' : 'SMS'}` : ''
          }`,
          ...(input.source || input.isSent ? { details: { source: input.source ?? null, sentBy: input.isSent ? channel : null } } : {}),
        });
        return created;
      });
      return { ...row, url };
    },

    /**
     * A document-upload link the system issues (the document-expiry job), in the caller's
     * transaction; no staff member created it. It is tied to the customer and asks for a renewed
     * identity document (document-upload.service.ts answers it). The address is returned once.
     */
    async issueDocumentUploadLink(
      tx: Queryable,
      input: { dataSegmentId: string; email: string; customerId: string },
    ): Promise<{ url: string; expiresAt: string }> {
      const token = randomToken(32);
      const validForDays = defaultLifetimeDays ? await defaultLifetimeDays(input.dataSegmentId) : FALLBACK_LIFETIME_DAYS;
      const created = await insertOnboardingLink(tx, {
        dataSegmentId: input.dataSegmentId,
        tokenHash: hashLinkToken(hmacKey, token),
        purpose: 'document-upload',
        email: input.email,
        phone: null,
        validForDays,
        createdBy: null,
      });
      await insertDocumentRequest(tx, {
        dataSegmentId: input.dataSegmentId,
        onboardingLinkId: created._id,
        customerId: input.customerId,
        requested: { addressProofTypes: [], isFundsEvidence: false, isIdentityDocument: true },
        note: '',
        reason: 'document-expiry',
        createdBy: { id: null, name: 'System' },
      });
      await appendAudit(tx, {
        dataSegmentId: input.dataSegmentId,
        source: SYSTEM_SOURCE,
        module: 'customers',
        action: 'created_onboarding_link',
        entityType: 'onboarding_link',
        entityId: created._id,
        summary: `Issued a document-upload link valid for ${validForDays} days (document expiry)`,
        details: { customerId: input.customerId },
      });
      return { url: linkUrl(publicUrl, input.dataSegmentId, token, 'document-upload'), expiresAt: created.expiresAt };
    },

    list(actor: Actor, query: TOnboardingLinkListQuery): Promise<Page<TOnboardingLink>> {
      return listOnboardingLinks(db, targetSegment(actor, query.dataSegmentId), query);
    },

    async revoke(actor: Actor, id: string, requested: string | undefined, meta: RequestMeta): Promise<TOnboardingLink> {
      const dataSegmentId = targetSegment(actor, requested);
      return db.transaction(async (tx) => {
        const revoked = await revokeOnboardingLink(tx, dataSegmentId, id);
        if (!revoked) throw AppError.notFound();
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'revoked_onboarding_link',
          entityType: 'onboarding_link',
          entityId: id,
        });
        return revoked;
      });
    },
  };
}

export type OnboardingLinkService = ReturnType<typeof createOnboardingLinkService>;
