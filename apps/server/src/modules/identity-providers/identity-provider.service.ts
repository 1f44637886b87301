import { hkdfSync } from 'node:crypto';
import type { TIdentityProvider, TIdentitySession, TIdentitySignInError, TPublicJwks } from '@sanad/contracts/identity-providers';
import { MESSAGES } from '@sanad/contracts/messages';
import type { Config, IdentityProviderConfig } from '../../config';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import { hmacHex, open, randomToken, seal } from '../../platform/crypto/aead';
import type { Secrets } from '../../platform/crypto/secrets';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { SessionService } from '../session/session.service';
import {
  completeIdentityLogin,
  consumeIdentityLogin,
  deleteStaleIdentityRecords,
  findLinkedUserId,
  findSignInUserByEmail,
  findSignInUserById,
  insertIdentityLink,
  insertIdentityLogin,
  insertSessionIdentityProvider,
  isUserLinked,
  redeemIdentityHandoff,
  takeSessionIdentityProvider,
  type SignInUser,
} from './identity-provider.repository';
import { ProviderResponseError, ProviderUnavailableError, type OidcClients, type VerifiedIdentity } from './oidc-client';

/** From the redirect to the provider until its callback. */
const LOGIN_TTL_SECONDS = 10 * 60;
/** From the callback until the web app trades the handoff code for the session. */
const HANDOFF_TTL_SECONDS = 60;
// OAuth errors meaning the person chose not to sign in, rather than something going wrong.
const CANCELLED_ERRORS = new Set(['access_denied', 'login_required', 'consent_required', 'interaction_required']);

/** A sign-in through a provider that ends on the login page with this reason (never free text in a URL). */
export class IdentitySignInError extends Error {
  override name = 'IdentitySignInError';
  constructor(
    readonly reason: TIdentitySignInError,
    detail: string,
  ) {
    super(detail);
  }
}

export interface IdentityProviderServiceDeps {
  db: Database;
  /** Starts the Sanad session once a provider has vouched for the user. */
  sessions: Pick<SessionService, 'start'>;
  config: Config;
  secrets: Secrets;
  clients: OidcClients;
}

/** Only same-site paths are kept, so the redirect after sign-in cannot leave Sanad. */
function sameSitePath(value: string | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

function claimText(value: unknown): string | null {
  if (typeof value === 'string' && value.length > 0 && value.length <= 255) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

export function createIdentityProviderService({ db, sessions, config, secrets, clients }: IdentityProviderServiceDeps) {
  // ID tokens carry personal data; at rest they are sealed under a key of their own.
  const idTokenKey = Buffer.from(hkdfSync('sha256', secrets.masterKey, Buffer.alloc(0), 'sanad-oidc-id-token-v1', 32));
  const sealIdToken = (idToken: string, context: string) => seal(idTokenKey, Buffer.from(idToken), context).toString('base64');
  const openIdToken = (sealed: string, context: string) => open(idTokenKey, Buffer.from(sealed, 'base64'), context).toString('utf8');
  const hash = (value: string) => hmacHex(secrets.hmacKey, value);

  const redirectUri = (provider: IdentityProviderConfig) => `${config.publicUrl}/api/users/oidc/${provider.id}/callback`;

  function providerOrFail(providerId: string): IdentityProviderConfig {
    const provider = clients.find(providerId);
    if (!provider) throw new IdentitySignInError('failed', `unknown provider ${providerId}`);
    return provider;
  }

  /**
   * The Sanad user an identity stands for: the user linked to its subject, or (linking by e-mail)
   * the user whose address the provider asserts and has verified, provided that user is not
   * already linked to another identity at this provider. No account is ever created.
   */
  async function resolveUser(
    provider: IdentityProviderConfig,
    claims: Record<string, unknown>,
  ): Promise<{ user: SignInUser; subject: string; isNewLink: boolean }> {
    const subject = claimText(claims[provider.subjectClaim]);
    if (!subject) throw new IdentitySignInError('failed', `the provider sent no ${provider.subjectClaim} claim`);
    const linkedUserId = await findLinkedUserId(db, provider.id, subject);
    if (linkedUserId) {
      const linked = await findSignInUserById(db, linkedUserId);
      if (!linked) throw new IdentitySignInError('unknown_user', 'the linked user no longer exists');
      return { user: linked, subject, isNewLink: false };
    }
    if (provider.linkBy === 'subject') throw new IdentitySignInError('unknown_user', 'no user is linked to this subject');
    const email = claimText(claims.email);
    if (!email || claims.email_verified !== true)
      throw new IdentitySignInError('unverified_email', 'the e-mail address is missing or not verified');
    const user = await findSignInUserByEmail(db, email);
    if (!user) throw new IdentitySignInError('unknown_user', 'no user has this e-mail address');
    if (await isUserLinked(db, provider.id, user.id))
      throw new IdentitySignInError('linked_elsewhere', 'the user is linked to another subject');
    return { user, subject, isNewLink: true };
  }

  return {
    listProviders(): TIdentityProvider[] {
      return clients.providers.map((provider) => ({ id: provider.id, label: provider.label }));
    },

    publicJwks: (): Promise<TPublicJwks> => clients.publicJwks(),

    /**
     * Stores a new attempt (state and handoff as HMACs, bound to the browser's cookie) and returns
     * the provider's authorization URL. An unknown provider is a 404; an unreachable one a reason.
     */
    async beginSignIn(providerId: string, input: { browserToken: string; redirectTo: string | undefined }): Promise<string> {
      const provider = clients.find(providerId);
      if (!provider) throw AppError.notFound();
      const state = randomToken(32);
      const nonce = randomToken(32);
      const codeVerifier = randomToken(32);
      let url: string;
      try {
        url = await clients.authorizationUrl(provider, { redirectUri: redirectUri(provider), state, nonce, codeVerifier });
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw new IdentitySignInError('unavailable', error.message);
        throw error;
      }
      await deleteStaleIdentityRecords(db);
      await insertIdentityLogin(db, {
        providerId: provider.id,
        stateHash: hash(state),
        browserHash: hash(input.browserToken),
        nonce,
        codeVerifier,
        redirectTo: sameSitePath(input.redirectTo),
        ttlSeconds: LOGIN_TTL_SECONDS,
      });
      return url;
    },

    /**
     * Handles the provider's redirect back: the state must belong to this browser's attempt and is
     * used up first, so a replayed or forged callback fails; then the code is redeemed, the ID token
     * validated and the identity resolved to an active user. Returns the one-time handoff code.
     */
    async completeSignIn(
      providerId: string,
      input: { browserToken: string | null; state: string | undefined; error: string | undefined; callbackQuery: string },
      meta: RequestMeta,
    ): Promise<string> {
      const provider = providerOrFail(providerId);
      if (!input.browserToken || !input.state) throw new IdentitySignInError('failed', 'no state or no browser binding');
      const login = await consumeIdentityLogin(db, {
        providerId: provider.id,
        stateHash: hash(input.state),
        browserHash: hash(input.browserToken),
      });
      if (!login) throw new IdentitySignInError('failed', 'unknown, used, expired or foreign state');
      if (input.error)
        throw new IdentitySignInError(CANCELLED_ERRORS.has(input.error) ? 'cancelled' : 'failed', `the provider answered ${input.error}`);

      const neededClaims = provider.linkBy === 'email' ? [provider.subjectClaim, 'email', 'email_verified'] : [provider.subjectClaim];
      let identity: VerifiedIdentity;
      try {
        identity = await clients.redeemCode(provider, {
          callbackUrl: new URL(`${redirectUri(provider)}?${input.callbackQuery}`),
          state: input.state,
          nonce: login.nonce,
          codeVerifier: login.codeVerifier,
          neededClaims,
        });
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw new IdentitySignInError('unavailable', error.message);
        if (error instanceof ProviderResponseError) {
          throw new IdentitySignInError(error.oauthError && CANCELLED_ERRORS.has(error.oauthError) ? 'cancelled' : 'failed', error.message);
        }
        throw error;
      }

      const { user, subject, isNewLink } = await resolveUser(provider, identity.claims);
      if (user.status !== 'active') throw new IdentitySignInError('inactive_user', `the user is ${user.status}`);
      const handoff = randomToken(32);
      await db.transaction(async (tx) => {
        if (isNewLink) {
          const isLinked = await insertIdentityLink(tx, { providerId: provider.id, subject, userId: user.id, linkedBy: 'email' });
          if (!isLinked && (await findLinkedUserId(tx, provider.id, subject)) !== user.id) {
            throw new IdentitySignInError('linked_elsewhere', 'linked to another subject meanwhile');
          }
          if (isLinked) {
            await appendAudit(tx, {
              dataSegmentId: user.dataSegmentIds[0] ?? null,
              source: auditSource({ userId: user.id, name: `${user.firstName} ${user.lastName}`.trim() }, meta),
              module: 'system_users',
              action: 'linked_identity_provider',
              entityType: 'user',
              entityId: user.id,
              summary: `Linked a ${provider.label} identity by its verified e-mail address`,
              details: { provider: provider.id },
            });
          }
        }
        await completeIdentityLogin(tx, login.id, {
          userId: user.id,
          sealedIdToken: sealIdToken(identity.idToken, login.id),
          handoffHash: hash(handoff),
          handoffTtlSeconds: HANDOFF_TTL_SECONDS,
        });
      });
      return handoff;
    },

    /**
     * Trades a handoff code, once and from the same browser, for a normal Sanad session that
     * remembers the provider and its ID token (server-side) for logout.
     */
    async redeemHandoff(code: string, browserToken: string | null, meta: RequestMeta): Promise<TIdentitySession> {
      const refused = new AppError('BAD_REQUEST', MESSAGES.identitySignInFailed);
      if (!browserToken) throw refused;
      const handoff = await redeemIdentityHandoff(db, { handoffHash: hash(code), browserHash: hash(browserToken) });
      if (!handoff) throw refused;
      const provider = clients.find(handoff.providerId);
      const user = await findSignInUserById(db, handoff.userId);
      if (!provider || !user) throw refused;
      const idToken = openIdToken(handoff.sealedIdToken, handoff.id);
      const session = await sessions.start(
        {
          user,
          method: { summary: `Signed in with ${provider.label}`, details: { provider: provider.id } },
          onCreated: (tx, created) =>
            insertSessionIdentityProvider(tx, {
              sessionId: created.id,
              providerId: provider.id,
              sealedIdToken: sealIdToken(idToken, created.id),
            }),
        },
        meta,
      );
      return { ...session, redirectTo: handoff.redirectTo };
    },

    /**
     * The provider's end-session URL (RP-initiated logout with id_token_hint, returning to the
     * login page) for a session that came from a provider; null otherwise or when the provider
     * cannot be reached, so that signing out of Sanad never depends on the provider.
     */
    async providerLogoutUrl(sessionId: string): Promise<string | null> {
      const record = await takeSessionIdentityProvider(db, sessionId);
      const provider = record ? clients.find(record.providerId) : null;
      if (!record || !provider) return null;
      try {
        return await clients.endSessionUrl(provider, {
          idToken: openIdToken(record.sealedIdToken, sessionId),
          postLogoutRedirectUri: `${config.publicUrl}/`,
        });
      } catch {
        return null;
      }
    },
  };
}

export type IdentityProviderService = ReturnType<typeof createIdentityProviderService>;
