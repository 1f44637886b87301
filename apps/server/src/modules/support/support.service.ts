import { MESSAGES } from '@sanad/contracts/messages';
import { SUPPORT_MESSAGES, type TSupportRequest } from '@sanad/contracts/support';
import { PRODUCT_NAME } from '@sanad/contracts/constants';
import type { Database } from '../../platform/db/database';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { CaptchaService } from '../../platform/auth/captcha';
import { AppError } from '../../platform/http/app-error';
import { hitCounter } from '../../platform/http/rate-counter.repository';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { kickOutbox } from '../../platform/messaging/outbox.job';
import { insertSupportRequest } from './support.repository';

/** Contact-form messages per address per hour. */
export const SUPPORT_LIMIT_PER_HOUR = 5;

export interface SupportDeps {
  db: Database;
  captcha: CaptchaService;
  jobs: JobQueue | null;
  supportEmail: string;
}

/**
 * The public contact form: stored, then e-mailed to the support address through the outbox. No
 * acknowledgement goes to the sender's address, so the form cannot be used to mail strangers.
 */
export function createSupportService(deps: SupportDeps) {
  const { db } = deps;
  return {
    async submit(input: TSupportRequest, meta: RequestMeta): Promise<string> {
      if ((await hitCounter(db, `support:ip:${meta.ip}`, 3600)) > SUPPORT_LIMIT_PER_HOUR) {
        throw new AppError('RATE_LIMITED', SUPPORT_MESSAGES.tooManyRequests);
      }
      if (!(await deps.captcha.redeem(input.captcha))) {
        throw new AppError('CAPTCHA_REQUIRED', input.captcha ? MESSAGES.captchaInvalid : MESSAGES.captchaRequired);
      }
      await db.transaction(async (tx) => {
        const id = await insertSupportRequest(tx, input, meta.ip);
        await enqueueMessage(tx, {
          dataSegmentId: null,
          channel: 'email',
          recipient: deps.supportEmail,
          subject: `[${PRODUCT_NAME} contact form] ${input.subject}`.slice(0, 200),
          text: [`From: ${input.name} <${input.email}>`, `Reference: ${id}`, '', input.message].join('\n'),
        });
        await appendAudit(tx, {
          dataSegmentId: null,
          source: auditSource(null, meta),
          module: 'system_users',
          action: 'received_support_request',
          entityType: 'support_request',
          entityId: id,
          summary: 'Message received through the contact form',
          gdpr: {
            purposeOfProcessing: 'Answering questions sent through the contact form',
            legalBasisForProcessing: 'Legitimate interests (Art. 6(1)(f))',
            categoriesOfDataInvolved: ['Identity', 'Contact'],
            recipients: ['Support team'],
            retentionPeriod: '2 years',
          },
        });
        await kickOutbox(deps.jobs, tx);
      });
      return SUPPORT_MESSAGES.sent;
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
