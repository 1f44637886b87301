import { PRODUCT_NAME } from '@sanad/contracts/constants';
import { PROFILE_MESSAGES, type TChangePasswordRequest, type TUpdateProfileRequest } from '@sanad/contracts/profile';
import type { TProfile } from '@sanad/contracts/session';
import { PASSWORD_MESSAGES } from '@sanad/contracts/passwords';
import type { Database } from '../../platform/db/database';
import type { Actor } from '../../platform/auth/access';
import { isPasswordReused, storeNewPassword } from '../../platform/auth/password-history';
import { verifyPassword } from '../../platform/auth/passwords';
import { revokeUserSessions } from '../../platform/auth/session-store';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { kickOutbox } from '../../platform/messaging/outbox.job';
import type { OtpService } from '../otp/otp.service';
import type { SessionService } from '../session/session.service';
import { isEmailUsedByOther, lockOwnAccount, updateOwnProfile } from './profile.repository';

export interface ProfileServiceDeps {
  db: Database;
  otp: Pick<OtpService, 'checkSubmission' | 'consume'>;
  /** The profile the web app stores after an update. */
  sessions: Pick<SessionService, 'profileOf'>;
  jobs: JobQueue | null;
}

/**
 * Update Profile and Change Password: each runs only with a solved captcha and a correct
 * one-time code requested for that very action by the same user. The code is consumed in the
 * action's transaction, so a refusal after it (a taken e-mail, a wrong old password) leaves the
 * code usable for a corrected retry, within its 5 attempts and 120 seconds.
 */
export function createProfileService({ db, otp, sessions, jobs }: ProfileServiceDeps) {
  return {
    async updateProfile(actor: Actor, id: string, input: TUpdateProfileRequest, meta: RequestMeta): Promise<TProfile> {
      if (id !== actor.userId) throw AppError.forbidden();
      if (input._id !== id) throw AppError.field('_id', PROFILE_MESSAGES.idMismatch);
      const code = await otp.checkSubmission(
        actor,
        { purpose: 'update-profile', otp: input.otp, token: input.token, captcha: input.captcha },
        meta,
      );
      try {
        await db.transaction(async (tx) => {
          await otp.consume(tx, code);
          const current = await lockOwnAccount(tx, actor.userId);
          if (!current) throw AppError.unauthorized();
          const isEmailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
          if (isEmailChanged && (await isEmailUsedByOther(tx, input.email, actor.userId))) {
            throw AppError.conflict('email', PROFILE_MESSAGES.emailTaken);
          }
          await updateOwnProfile(tx, actor.userId, input);
          const changedFields = [
            current.firstName !== input.firstName ? 'firstName' : null,
            current.lastName !== input.lastName ? 'lastName' : null,
            current.email !== input.email ? 'email' : null,
          ].filter((field): field is string => field !== null);
          await appendAudit(tx, {
            dataSegmentId: actor.activeSegmentId,
            source: auditSource(actor, meta),
            module: 'system_users',
            action: 'updated_profile',
            entityType: 'user',
            entityId: actor.userId,
            summary: 'Updated own profile',
            details: { changedFields },
          });
          if (isEmailChanged) {
            // The old address hears of the change, so a hijacked session cannot move the account quietly.
            await enqueueMessage(tx, {
              dataSegmentId: actor.activeSegmentId,
              channel: 'email',
              recipient: current.email,
              subject: `Your ${PRODUCT_NAME} e-mail address was changed`,
              text: `Hello ${current.firstName},\n\nThe e-mail address of your ${PRODUCT_NAME} account was changed to ${input.email}.\nIf you did not do this, contact your administrator at once.`,
            });
            await kickOutbox(jobs, tx);
          }
        });
      } catch (error) {
        // Two accounts taking the same address at once: the unique index decides.
        if (uniqueViolationField(error, { users_email_unique: 'email' })) throw AppError.conflict('email', PROFILE_MESSAGES.emailTaken);
        throw error;
      }
      return sessions.profileOf(actor.userId, actor.activeSegmentId);
    },

    /** Ends every session of the user, the current one included: the client signs out after 2 s. */
    async changePassword(actor: Actor, input: TChangePasswordRequest, meta: RequestMeta): Promise<void> {
      const code = await otp.checkSubmission(
        actor,
        { purpose: 'change-password', otp: input.otp, token: input.token, captcha: input.captcha },
        meta,
      );
      await db.transaction(async (tx) => {
        await otp.consume(tx, code);
        const account = await lockOwnAccount(tx, actor.userId);
        if (!account) throw AppError.unauthorized();
        if (!(await verifyPassword(account.passwordHash, input.oldPassword))) {
          throw AppError.field('oldPassword', PROFILE_MESSAGES.oldPasswordIncorrect);
        }
        if (await isPasswordReused(tx, actor.userId, input.password)) throw AppError.field('password', PASSWORD_MESSAGES.reused);
        await storeNewPassword(tx, actor.userId, input.password);
        const endedSessions = await revokeUserSessions(tx, actor.userId, 'password_change');
        await appendAudit(tx, {
          dataSegmentId: actor.activeSegmentId,
          source: auditSource(actor, meta),
          module: 'authentication',
          action: 'changed_password',
          entityType: 'user',
          entityId: actor.userId,
          summary: 'Changed own password and ended every session',
          details: { endedSessions },
        });
        await enqueueMessage(tx, {
          dataSegmentId: actor.activeSegmentId,
          channel: 'email',
          recipient: account.email,
          subject: `Your ${PRODUCT_NAME} password was changed`,
          text: `Hello ${account.firstName},\n\nThe password of your ${PRODUCT_NAME} account was changed and every session was signed out.\nIf you did not do this, contact your administrator at once.`,
        });
        await kickOutbox(jobs, tx);
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
