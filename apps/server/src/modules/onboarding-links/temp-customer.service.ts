/**
 * Deep-link onboarding, the staff side: sending a registration link creates the temp customer, its
 * onboarding link, the outgoing message and the audit entry in one transaction; resending gives
 * the same link a new token (the previous address stops working) and a new expiry, keeping the
 * customer's saved progress; revoking withdraws the link at once.
 */
import type { TOnboardingSettings } from '@sanad/contracts/onboarding-configuration';
import {
  TEMP_CUSTOMER_MESSAGES,
  type TDeepLinkRequest,
  type TMessageLanguage,
  type TTempCustomer,
  type TTempCustomerListQuery,
} from '@sanad/contracts/temp-customers';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { hashLinkToken } from '../../platform/auth/onboarding-links';
import { hmacToken, randomToken } from '../../platform/crypto/aead';
import type { Database, Queryable } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { kickOutbox } from '../../platform/messaging/outbox.job';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { deepLinkMessage } from './deep-link-message';
import { insertOnboardingLink } from './onboarding-link.repository';
import { linkUrl } from './onboarding-link.service';
import {
  findBySubmissionKey,
  findTempCustomer,
  insertTempCustomer,
  listTempCustomers,
  lockTempCustomer,
  revokeLink,
  rotateLinkToken,
  segmentCompanyName,
} from './temp-customer.repository';

export interface TempCustomerServiceDeps {
  db: Database;
  hmacKey: Buffer;
  publicUrl: string;
  jobs: JobQueue | null;
  /** The segment's onboarding configuration: the link lifetime and the channels links may be sent by. */
  onboardingSettings: (dataSegmentId: string) => Promise<Pick<TOnboardingSettings, 'linkLifetimeDays' | 'linkChannels'>>;
}

/** The link's message to the temp customer, written in the caller's transaction. */
async function writeMessage(
  tx: Queryable,
  temp: {
    dataSegmentId: string;
    channel: 'email' | 'sms';
    email: string | null;
    phoneNumber: string | null;
    firstName: string;
    language: TMessageLanguage;
  },
  url: string,
  validForHours: number,
): Promise<void> {
  const recipient = temp.channel === 'email' ? temp.email : temp.phoneNumber;
  if (!recipient) throw AppError.field(temp.channel === 'email' ? 'email' : 'phoneNumber', 'There is no address to send the link to');
  await enqueueMessage(
    tx,
    deepLinkMessage({
      dataSegmentId: temp.dataSegmentId,
      channel: temp.channel,
      recipient,
      firstName: temp.firstName,
      companyName: await segmentCompanyName(tx, temp.dataSegmentId),
      url,
      validForHours,
      language: temp.language,
    }),
  );
}

export function createTempCustomerService({ db, hmacKey, publicUrl, jobs, onboardingSettings }: TempCustomerServiceDeps) {
  /** The temp customer of an earlier attempt; its address only while the link still has the token that attempt sent. */
  async function sentEarlier(actor: Actor, earlier: { id: string }, url: string | null): Promise<TTempCustomer> {
    const found = await findTempCustomer(db, actor.segments, earlier.id);
    if (!found) throw AppError.notFound();
    return url === null ? found : { ...found, url };
  }

  return {
    /**
     * `withinTransaction` runs in the send's transaction after the temp customer is written: a
     * company ties the link of a parent's individual KYC to that parent there (modules/companies).
     */
    async send(
      actor: Actor,
      input: TDeepLinkRequest,
      meta: RequestMeta,
      options: {
        withinTransaction?: (tx: Queryable, tempCustomerId: string) => Promise<void>;
        /** Sent through the public API: the key's application is named in the audit entry; no staff user created it. */
        byApplication?: boolean;
        /**
         * The public API's Idempotency-Key, as a submission key: the link's token is derived from it,
         * and a retry finds the temp customer an earlier attempt created (one that died before its
         * answer was kept) and answers it with the same link, sending nothing again.
         */
        submissionKey?: string | null;
      } = {},
    ): Promise<TTempCustomer> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      const submissionKey = options.submissionKey ?? null;
      const token = submissionKey === null ? randomToken(32) : hmacToken(hmacKey, `deep-link-token:${submissionKey}`);
      const url = linkUrl(publicUrl, dataSegmentId, token, 'deep-register');
      const earlier = submissionKey === null ? null : await findBySubmissionKey(db, dataSegmentId, submissionKey);
      if (earlier) return sentEarlier(actor, earlier, hashLinkToken(hmacKey, token) === earlier.tokenHash ? url : null);
      const settings = await onboardingSettings(dataSegmentId);
      if (!settings.linkChannels.includes(input.channel))
        throw AppError.field('channel', `This data segment sends links by ${settings.linkChannels.join(' or ')} only`);
      const email = input.email ? input.email : null;
      const phoneNumber = input.phoneNumber ? `${input.isdCode ? `${input.isdCode} ` : ''}${input.phoneNumber}`.trim() : null;
      const creatorId = options.byApplication ? null : actor.userId;
      const language = input.language ?? 'en';
      const id = await db.transaction(async (tx) => {
        const link = await insertOnboardingLink(tx, {
          dataSegmentId,
          tokenHash: hashLinkToken(hmacKey, token),
          purpose: 'deep-register',
          email,
          phone: phoneNumber,
          validForDays: 0,
          validForHours: settings.linkLifetimeDays * 24,
          createdBy: creatorId,
        });
        const tempId = await insertTempCustomer(tx, {
          dataSegmentId,
          onboardingLinkId: link._id,
          firstName: input.firstName,
          middleName: input.middleName ?? '',
          lastName: input.lastName,
          email,
          phoneNumber,
          channel: input.channel,
          createdBy: { id: creatorId, name: actor.name },
          submissionKey,
          language,
        });
        await writeMessage(
          tx,
          { dataSegmentId, channel: input.channel, email, phoneNumber, firstName: input.firstName, language },
          url,
          settings.linkLifetimeDays * 24,
        );
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'sent_deep_link',
          entityType: 'temp_customer',
          entityId: tempId,
          summary: `Sent a registration link by ${input.channel} to ${input.firstName} ${input.lastName}`,
          details: { channel: input.channel, language, onboardingLinkId: link._id, validForHours: settings.linkLifetimeDays * 24 },
        });
        await options.withinTransaction?.(tx, tempId);
        await kickOutbox(jobs, tx);
        return tempId;
      });
      const created = await findTempCustomer(db, actor.segments, id);
      if (!created) throw AppError.notFound();
      return { ...created, url };
    },

    list(actor: Actor, query: TTempCustomerListQuery): Promise<Page<TTempCustomer>> {
      return listTempCustomers(db, targetSegment(actor, query.dataSegmentId), query);
    },

    async get(actor: Actor, id: string): Promise<TTempCustomer> {
      const found = await findTempCustomer(db, actor.segments, id);
      if (!found) throw AppError.notFound();
      return found;
    },

    /** Resends in the language given, else the customer's (the one the link went in, or that they use the journey in). */
    async resend(
      actor: Actor,
      id: string,
      input: { dataSegmentId?: string | undefined; language?: TMessageLanguage | undefined },
      meta: RequestMeta,
    ): Promise<TTempCustomer> {
      const requested = input.dataSegmentId;
      const scope = requested ? { all: false, ids: [targetSegment(actor, requested)] } : actor.segments;
      const current = await findTempCustomer(db, scope, id);
      const target = current ? await db.transaction((tx) => lockTempCustomer(tx, scope, id)) : null;
      if (!current || !target) throw AppError.notFound();
      const dataSegmentId = target.dataSegmentId;
      const settings = await onboardingSettings(dataSegmentId);
      const token = randomToken(32);
      const url = linkUrl(publicUrl, dataSegmentId, token, 'deep-register');
      const language = input.language ?? current.language;
      await db.transaction(async (tx) => {
        const locked = await lockTempCustomer(tx, scope, id);
        if (!locked) throw AppError.notFound();
        if (locked.completedAt || locked.linkStatus !== 'active') throw AppError.conflict('id', TEMP_CUSTOMER_MESSAGES.notResendable);
        await rotateLinkToken(tx, locked.onboardingLinkId, hashLinkToken(hmacKey, token), settings.linkLifetimeDays * 24, language);
        await writeMessage(tx, { ...current, dataSegmentId, language }, url, settings.linkLifetimeDays * 24);
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'resent_deep_link',
          entityType: 'temp_customer',
          entityId: id,
          summary: `Sent the registration link again by ${current.channel} to ${current.fullName}`,
          details: { channel: current.channel, language, onboardingLinkId: locked.onboardingLinkId },
        });
        await kickOutbox(jobs, tx);
      });
      const updated = await findTempCustomer(db, actor.segments, id);
      if (!updated) throw AppError.notFound();
      return { ...updated, url };
    },

    async revoke(actor: Actor, id: string, requested: string | undefined, meta: RequestMeta): Promise<TTempCustomer> {
      const scope = requested ? { all: false, ids: [targetSegment(actor, requested)] } : actor.segments;
      const current = await findTempCustomer(db, scope, id);
      if (!current) throw AppError.notFound();
      await db.transaction(async (tx) => {
        const locked = await lockTempCustomer(tx, scope, id);
        if (!locked) throw AppError.notFound();
        const dataSegmentId = locked.dataSegmentId;
        if (locked.completedAt || locked.linkStatus !== 'active') throw AppError.conflict('id', TEMP_CUSTOMER_MESSAGES.notRevocable);
        await revokeLink(tx, locked.onboardingLinkId);
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'revoked_deep_link',
          entityType: 'temp_customer',
          entityId: id,
          summary: `Revoked the registration link of ${current.fullName}`,
          details: { onboardingLinkId: locked.onboardingLinkId },
        });
      });
      const updated = await findTempCustomer(db, actor.segments, id);
      if (!updated) throw AppError.notFound();
      return updated;
    },
  };
}

export type TempCustomerService = ReturnType<typeof createTempCustomerService>;
