import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@sanad/contracts/messages';
import { SIGNUP_MESSAGES, type TSignUpRequest, type TSignUpSettings } from '@sanad/contracts/signup';
import { TRIAL_ONBOARDING_TIER } from '@sanad/contracts/subscription';
import type { Database, Queryable } from '../../platform/db/database';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import { issueAccountToken } from '../../platform/auth/account-tokens';
import type { CaptchaService } from '../../platform/auth/captcha';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/http/app-error';
import { hitCounter } from '../../platform/http/rate-counter.repository';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { kickOutbox } from '../../platform/messaging/outbox.job';
import { provisionDataSegment } from '../data-segments/data-segment.port';
import { notifyUsers } from '../notifications/notification.events';
import { chooseFreeUsername, findAccountByEmail, insertTrialAdministrator, runAndDiscard, type ExistingAccount } from './signup.repository';
import { activationMail, existingAccountMail, pendingAccountMail } from './signup-mail';

/** Sign-ups per address per hour, and mails to one e-mail address per day (mail-bombing guard). */
export const SIGNUP_LIMITS = { perAddressPerHour: 5, perEmailPerDay: 3 } as const;

export interface SignUpDeps {
  db: Database;
  captcha: CaptchaService;
  jobs: JobQueue | null;
  hmacKey: Buffer;
  publicUrl: string;
  /** SANAD_PUBLIC_SIGNUP: an installation takes sign-ups from anyone only when its operator says so. */
  isOpen: boolean;
}

function splitName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = fullName, ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * Self-service sign-up: a trial data segment with the default roles and its administrator as a
 * pending user, activated through an e-mailed link (users/create-password/:token). The answer is
 * the same whether or not the address has an account; an existing owner gets an e-mail instead.
 */
export function createSignUpService(deps: SignUpDeps) {
  const { db } = deps;

  async function createTrialAccount(tx: Queryable, input: TSignUpRequest, meta: RequestMeta): Promise<void> {
    const { firstName, lastName } = splitName(input.fullName);
    const { segmentId: dataSegmentId, administratorRoleId } = await provisionDataSegment(tx, {
      companyName: input.companyName,
      fullName: input.fullName,
      title: input.companyName,
      ref: 'signup',
      email: input.email,
      subscription: 'trial',
      tier: TRIAL_ONBOARDING_TIER,
    });
    const userId = await insertTrialAdministrator(tx, {
      firstName,
      lastName,
      email: input.email,
      username: await chooseFreeUsername(tx, input.email),
      phoneNumber: input.phoneNumber,
      companyName: input.companyName,
      roleId: administratorRoleId,
      dataSegmentId,
    });
    const source = auditSource({ userId, name: input.fullName }, meta);
    await appendAudit(tx, {
      dataSegmentId,
      source,
      module: 'access_control',
      action: 'created_data_segment',
      entityType: 'data_segment',
      entityId: dataSegmentId,
      summary: `Trial data segment ${input.companyName} created by sign-up`,
      details: { subscription: 'trial', tier: TRIAL_ONBOARDING_TIER },
    });
    await appendAudit(tx, {
      dataSegmentId,
      source,
      module: 'system_users',
      action: 'created_user',
      entityType: 'user',
      entityId: userId,
      summary: 'Administrator of a trial account, pending e-mail verification',
    });
    await notifyUsers(tx, {
      dataSegmentId,
      userIds: [userId],
      title: 'Welcome to your trial',
      description: `Your trial includes ${TRIAL_ONBOARDING_TIER} onboardings. Invite your team under Users, and open the User Guide in the header for short videos and the manual.`,
      icon: 'rocket',
    });
    // Installation operators (who see every segment) hear of each new trial.
    await notifyUsers(tx, {
      dataSegmentId,
      permission: 'manage-data-segments',
      exceptUserIds: [userId],
      title: 'New trial sign-up',
      description: `${input.companyName} signed up for a trial (contact: ${input.fullName}, ${input.email}).`,
      icon: 'user',
    });
    const token = await issueAccountToken(tx, deps.hmacKey, userId, 'activation');
    await enqueueMessage(
      tx,
      activationMail({
        to: input.email,
        fullName: input.fullName,
        companyName: input.companyName,
        tier: TRIAL_ONBOARDING_TIER,
        link: `${deps.publicUrl}/users/create-password/${token}`,
        dataSegmentId,
      }),
    );
  }

  async function mailExistingOwner(tx: Queryable, account: ExistingAccount, input: TSignUpRequest): Promise<void> {
    const dataSegmentId = account.dataSegmentIds[0] ?? null;
    if (account.status === 'pending') {
      // Not activated yet: the helpful answer is a fresh link (the older one stops working).
      const token = await issueAccountToken(tx, deps.hmacKey, account.id, 'activation');
      const link = `${deps.publicUrl}/users/create-password/${token}`;
      await enqueueMessage(tx, pendingAccountMail({ to: input.email, firstName: account.firstName, link, dataSegmentId }));
      return;
    }
    await enqueueMessage(
      tx,
      existingAccountMail({ to: input.email, firstName: account.firstName, publicUrl: deps.publicUrl, dataSegmentId }),
    );
  }

  return {
    settings(): TSignUpSettings {
      return { isOpen: deps.isOpen };
    },

    async signUp(input: TSignUpRequest, meta: RequestMeta): Promise<string> {
      if (!deps.isOpen) throw AppError.forbidden(SIGNUP_MESSAGES.closed);
      if ((await hitCounter(db, `signup:ip:${meta.ip}`, 3600)) > SIGNUP_LIMITS.perAddressPerHour) {
        throw new AppError('RATE_LIMITED', SIGNUP_MESSAGES.tooManySignUps);
      }
      if (!(await deps.captcha.redeem(input.captcha))) {
        throw new AppError('CAPTCHA_REQUIRED', input.captcha ? MESSAGES.captchaInvalid : MESSAGES.captchaRequired);
      }
      // Past the daily limit for one address, answer as usual but send nothing more to it.
      if ((await hitCounter(db, `signup:email:${input.email.toLowerCase()}`, 86_400)) > SIGNUP_LIMITS.perEmailPerDay) {
        return SIGNUP_MESSAGES.signedUp;
      }
      try {
        await db.transaction(async (tx) => {
          const existing = await findAccountByEmail(tx, input.email);
          if (existing) {
            // An address that has an account gets the same work as a new one, then undone, so the
            // time of the answer does not tell whether the address is known.
            const rehearsal = { ...input, email: `signup-${randomUUID()}@rehearsal.invalid` };
            await runAndDiscard(tx, () => createTrialAccount(tx, rehearsal, meta));
            await mailExistingOwner(tx, existing, input);
          } else {
            await createTrialAccount(tx, input, meta);
          }
          await kickOutbox(deps.jobs, tx);
        });
      } catch (error) {
        // Two sign-ups with one address at once: the second finds the first's row; same answer.
        if (!uniqueViolationField(error, { users_email_unique: 'email', users_username_unique: 'username' })) throw error;
      }
      return SIGNUP_MESSAGES.signedUp;
    },
  };
}

export type SignUpService = ReturnType<typeof createSignUpService>;
