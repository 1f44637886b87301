import { setTimeout as sleep } from 'node:timers/promises';
import { PASSWORD_MESSAGES, type TNewPassword, type TPasswordLink } from '@sanad/contracts/passwords';
import type { TSession } from '@sanad/contracts/session';
import type { Database, Queryable } from '../../platform/db/database';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import { issueAccountToken, peekAccountToken, redeemAccountToken, type AccountTokenPurpose } from '../../platform/auth/account-tokens';
import { isPasswordReused, storeNewPassword } from '../../platform/auth/password-history';
import { revokeUserSessions } from '../../platform/auth/session-store';
import { AppError } from '../../platform/http/app-error';
import { hitCounter } from '../../platform/http/rate-counter.repository';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { kickOutbox } from '../../platform/messaging/outbox.job';
import { notifyInvitationAccepted } from '../notifications/notification.events';
import type { SessionService } from '../session/session.service';
import { accountLink, accountLinkMail } from './account-link.port';
import { activateAccountUser, findAccountByEmail, getAccountUser, type AccountUser } from './password.repository';

export interface PasswordServiceDeps {
  db: Database;
  /** Activation signs the user in, in the transaction that activates the account. */
  sessions: Pick<SessionService, 'open' | 'answer' | 'startingSegmentOf'>;
  hmacKey: Buffer;
  publicUrl: string;
  jobs: JobQueue | null;
}

/** Reset e-mails per recipient per window; requests beyond it get the same answer and send nothing. */
export const RESET_LIMIT = { sends: 3, windowSeconds: 15 * 60 } as const;
/** Every forgot-password answer takes at least this long, so timing does not tell which accounts exist. */
const RESET_MIN_ANSWER_MS = 250;

const ALL_PURPOSES: readonly AccountTokenPurpose[] = ['password-reset', 'activation', 'team-activation'];

const invalidLink = () => new AppError('BAD_REQUEST', PASSWORD_MESSAGES.invalidLink, { token: [PASSWORD_MESSAGES.invalidLink] });
const fullName = (user: AccountUser) => `${user.firstName} ${user.lastName}`.trim();
const userSource = (user: AccountUser, meta: RequestMeta) => auditSource({ userId: user.id, name: fullName(user) }, meta);

/** Tells the inviter and the segment's user managers, in the activating transaction. */
async function announceAcceptance(tx: Queryable, user: AccountUser, dataSegmentId: string | null): Promise<void> {
  if (!dataSegmentId) return;
  await notifyInvitationAccepted(tx, { dataSegmentId, userId: user.id, userName: fullName(user), invitedBy: user.invitedBy });
}

/**
 * Passwords by link: forgot password, reset or set password, and account activation. Links are
 * single-use tokens (platform/auth/account-tokens). A token is used up in the same transaction
 * that sets the password, so a refused password leaves the link working.
 */
export function createPasswordService({ db, sessions, hmacKey, publicUrl, jobs }: PasswordServiceDeps) {
  /** The account of a live link among `purposes`; an archived account's link is as dead as an expired one. */
  async function liveUserOf(
    token: string,
    purposes: readonly AccountTokenPurpose[],
  ): Promise<{ user: AccountUser; purpose: AccountTokenPurpose }> {
    const link = await peekAccountToken(db, hmacKey, token, purposes);
    const user = link ? await getAccountUser(db, link.userId) : null;
    if (!link || !user || user.status === 'archived') throw invalidLink();
    return { user, purpose: link.purpose };
  }

  /** Uses up the link and sets the password; true when this also activated a pending account. */
  async function setPasswordByLink(
    tx: Queryable,
    link: { token: string; purpose: AccountTokenPurpose },
    user: AccountUser,
    password: string,
  ): Promise<boolean> {
    if ((await redeemAccountToken(tx, hmacKey, link.token, link.purpose)) !== user.id) throw invalidLink();
    await storeNewPassword(tx, user.id, password);
    return activateAccountUser(tx, user.id);
  }

  async function assertNotReused(userId: string, password: string): Promise<void> {
    if (await isPasswordReused(db, userId, password)) throw AppError.field('password', PASSWORD_MESSAGES.reused);
  }

  return {
    /** Same answer, after at least the same time, whether or not the address belongs to an account. */
    async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
      const started = Date.now();
      try {
        const sends = await hitCounter(db, `password-reset:${email}`, RESET_LIMIT.windowSeconds);
        const user = sends <= RESET_LIMIT.sends ? await findAccountByEmail(db, email) : null;
        if (user?.status !== 'active') return;
        await db.transaction(async (tx) => {
          const token = await issueAccountToken(tx, hmacKey, user.id, 'password-reset');
          await enqueueMessage(
            tx,
            accountLinkMail({
              purpose: 'password-reset',
              link: accountLink(publicUrl, 'password-reset', token),
              recipient: user.email,
              firstName: user.firstName,
              dataSegmentId: user.dataSegmentIds[0] ?? null,
            }),
          );
          await appendAudit(tx, {
            dataSegmentId: user.dataSegmentIds[0] ?? null,
            source: userSource(user, meta),
            module: 'authentication',
            action: 'requested_password_reset',
            entityType: 'user',
            entityId: user.id,
            summary: 'Asked for a password reset link',
          });
          await kickOutbox(jobs, tx);
        });
      } finally {
        const remaining = RESET_MIN_ANSWER_MS - (Date.now() - started);
        if (remaining > 0) await sleep(remaining);
      }
    },

    /** GET users/password/link/:token: what a live link is for, without using it, so its page can refuse a dead one at once. */
    async checkLink(token: string): Promise<TPasswordLink> {
      const { purpose } = await liveUserOf(token, ALL_PURPOSES);
      return { purpose };
    },

    /**
     * POST users/password/set/:token: a reset link sets a new password and ends every session of the
     * user; an invitation link (either kind) sets the first password and activates the account.
     */
    async setPassword(token: string, input: TNewPassword, meta: RequestMeta): Promise<'reset' | 'set'> {
      const { user, purpose } = await liveUserOf(token, ALL_PURPOSES);
      await assertNotReused(user.id, input.password);
      await db.transaction(async (tx) => {
        const isActivated = await setPasswordByLink(tx, { token, purpose }, user, input.password);
        await revokeUserSessions(tx, user.id, 'password-reset');
        await appendAudit(tx, {
          dataSegmentId: user.dataSegmentIds[0] ?? null,
          source: userSource(user, meta),
          module: 'authentication',
          action: purpose === 'password-reset' ? 'reset_password' : 'set_password',
          entityType: 'user',
          entityId: user.id,
          summary: purpose === 'password-reset' ? 'Reset the password by e-mailed link' : 'Set the first password by invitation link',
        });
        if (isActivated) await announceAcceptance(tx, user, await sessions.startingSegmentOf(tx, user.dataSegmentIds));
      });
      return purpose === 'password-reset' ? 'reset' : 'set';
    },

    /**
     * POST users/activate-account/:token and users/team-member/activate-account/:token: sets the
     * password, activates the account and signs the user in on the first of their segments.
     */
    async activate(token: string, input: TNewPassword, meta: RequestMeta, purpose: 'activation' | 'team-activation'): Promise<TSession> {
      const { user } = await liveUserOf(token, [purpose]);
      await assertNotReused(user.id, input.password);
      const session = await db.transaction(async (tx) => {
        const isActivated = await setPasswordByLink(tx, { token, purpose }, user, input.password);
        await appendAudit(tx, {
          dataSegmentId: user.dataSegmentIds[0] ?? null,
          source: userSource(user, meta),
          module: 'system_users',
          action: purpose === 'team-activation' ? 'activated_team_member_account' : 'activated_account',
          entityType: 'user',
          entityId: user.id,
          summary: 'Accepted the invitation and set a password',
        });
        const opened = await sessions.open(tx, { user, method: { summary: 'Signed in by activating the account' } }, meta);
        if (isActivated) await announceAcceptance(tx, user, opened.dataSegmentId);
        return opened;
      });
      return sessions.answer(session);
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
