import type { IdentityProviderConfig } from '../../config';
import { appendAudit, SYSTEM_SOURCE } from '../../platform/audit/audit-log';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { deleteIdentityLink, findSignInUserByEmail, findSignInUserById, insertIdentityLink } from './identity-provider.repository';

export interface IdentityLinkInput {
  providerId: string;
  /** The value of the provider's subject claim (OIDC_SUBJECT_CLAIM, `sub` by default). */
  subject: string;
  email: string;
}

function providerOrFail(providers: readonly IdentityProviderConfig[], providerId: string): IdentityProviderConfig {
  const provider = providers.find((candidate) => candidate.id === providerId);
  if (!provider) throw AppError.field('provider', `No identity provider '${providerId}' is configured`);
  return provider;
}

/**
 * Links a provider identity to a user by an operator (how users are linked when OIDC_LINK_BY is
 * subject). Refused when the identity or the user is already linked at that provider.
 */
export async function linkIdentity(db: Database, providers: readonly IdentityProviderConfig[], input: IdentityLinkInput): Promise<string> {
  const provider = providerOrFail(providers, input.providerId);
  const user = await findSignInUserByEmail(db, input.email);
  if (!user) throw AppError.field('email', 'No user has this e-mail address');
  return db.transaction(async (tx) => {
    const isLinked = await insertIdentityLink(tx, {
      providerId: provider.id,
      subject: input.subject,
      userId: user.id,
      linkedBy: 'administrator',
    });
    if (!isLinked) throw AppError.conflict('subject', `This identity or this user is already linked at ${provider.label}`);
    await appendAudit(tx, {
      dataSegmentId: user.dataSegmentIds[0] ?? null,
      source: SYSTEM_SOURCE,
      module: 'system_users',
      action: 'linked_identity_provider',
      entityType: 'user',
      entityId: user.id,
      summary: `Linked a ${provider.label} identity from the command line`,
      details: { provider: provider.id },
    });
    return user.id;
  });
}

/** Removes a link; the person can no longer sign in through that identity (until linked again). */
export async function unlinkIdentity(
  db: Database,
  providers: readonly IdentityProviderConfig[],
  input: Omit<IdentityLinkInput, 'email'>,
): Promise<void> {
  const provider = providerOrFail(providers, input.providerId);
  await db.transaction(async (tx) => {
    const userId = await deleteIdentityLink(tx, provider.id, input.subject);
    if (!userId) throw AppError.field('subject', 'This identity is not linked');
    const user = await findSignInUserById(tx, userId);
    await appendAudit(tx, {
      dataSegmentId: user?.dataSegmentIds[0] ?? null,
      source: SYSTEM_SOURCE,
      module: 'system_users',
      action: 'unlinked_identity_provider',
      entityType: 'user',
      entityId: userId,
      summary: `Removed a ${provider.label} identity link from the command line`,
      details: { provider: provider.id },
    });
  });
}
