/**
 * The older public form (/:dataSegmentId/register, RG-02, RG-03): a visitor without a link starts a
 * registration, where the segment's onboarding configuration opens it. The journey is an ordinary
 * deep-register link with its temp customer, bound to the segment and expiring after the segment's
 * link lifetime; only its flow differs (six steps, no additional-info), which the deep register's
 * step rules follow. The start needs a solved captcha and is rate limited per address (the route)
 * and per segment (here). docs/decisions/older-public-form.md.
 */
import { MESSAGES } from '@sanad/contracts/messages';
import type { TOnboardingSettings } from '@sanad/contracts/onboarding-configuration';
import { TEMP_CUSTOMER_MESSAGES, type TDeepRegisterStart } from '@sanad/contracts/temp-customers';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { CaptchaService } from '../../platform/auth/captcha';
import { hashLinkToken } from '../../platform/auth/onboarding-links';
import { randomToken } from '../../platform/crypto/aead';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { isUuid } from '../../platform/http/id-params';
import { hitCounter } from '../../platform/http/rate-counter.repository';
import type { RequestMeta } from '../../platform/http/request-meta';
import { insertOnboardingLink } from './onboarding-link.repository';
import { insertTempCustomer } from './temp-customer.repository';

/** Journeys one segment's public form may start in an hour (per address, the route allows fewer). */
export const PUBLIC_FORM_STARTS_PER_HOUR = 500;

export interface PublicFormServiceDeps {
  db: Database;
  hmacKey: Buffer;
  captcha: Pick<CaptchaService, 'redeem'>;
  onboardingSettings: (dataSegmentId: string) => Promise<Pick<TOnboardingSettings, 'isPublicFormOpen' | 'linkLifetimeDays'>>;
  startsPerHour?: number;
}

export function createPublicFormService({ db, hmacKey, captcha, onboardingSettings, startsPerHour }: PublicFormServiceDeps) {
  const perHour = startsPerHour ?? PUBLIC_FORM_STARTS_PER_HOUR;
  return {
    /**
     * Starts a journey: the captcha first (each solution once), then the segment must open the
     * form (a closed, unknown or malformed segment is answered the same 404, so nothing is
     * disclosed), then the segment's hourly count. Answers the link's token once.
     */
    async start(input: TDeepRegisterStart, meta: RequestMeta): Promise<{ token: string; expiresAt: string }> {
      if (!(await captcha.redeem(input.captcha)))
        throw new AppError('CAPTCHA_REQUIRED', input.captcha ? MESSAGES.captchaInvalid : MESSAGES.captchaRequired);
      const { dataSegmentId } = input;
      const settings = isUuid(dataSegmentId) ? await onboardingSettings(dataSegmentId).catch(() => null) : null;
      if (!settings?.isPublicFormOpen) throw AppError.notFound(TEMP_CUSTOMER_MESSAGES.closed);
      if ((await hitCounter(db, `public-form-start:${dataSegmentId}`, 3600)) > perHour)
        throw new AppError('RATE_LIMITED', TEMP_CUSTOMER_MESSAGES.tooManyRequests);
      const token = randomToken(32);
      const link = await db.transaction(async (tx) => {
        const created = await insertOnboardingLink(tx, {
          dataSegmentId,
          tokenHash: hashLinkToken(hmacKey, token),
          purpose: 'deep-register',
          email: null,
          phone: null,
          validForDays: 0,
          validForHours: settings.linkLifetimeDays * 24,
          createdBy: null,
        });
        const tempId = await insertTempCustomer(tx, {
          dataSegmentId,
          onboardingLinkId: created._id,
          firstName: '',
          middleName: '',
          lastName: '',
          email: null,
          phoneNumber: null,
          channel: 'email',
          createdBy: { id: null, name: 'Public registration form' },
          flow: 'public-form',
        });
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(null, meta),
          module: 'customers',
          action: 'started_public_register',
          entityType: 'temp_customer',
          entityId: tempId,
          summary: 'A visitor started a registration on the public form',
          details: { onboardingLinkId: created._id, validForHours: settings.linkLifetimeDays * 24 },
        });
        return created;
      });
      return { token, expiresAt: link.expiresAt };
    },
  };
}

export type PublicFormService = ReturnType<typeof createPublicFormService>;
