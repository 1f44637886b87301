import { startTestProvider } from '@sanad/test-support/oidc-test-provider';
import { ACCOUNTS, BASE_URL } from './environment';

/** The person at the loopback identity provider; they type `login` into its form, any password works. */
export const PROVIDER_PERSON = { login: 'amal.oidc', email: ACCOUNTS.oidc.email } as const;
/** Known to the provider, unknown to Sanad. */
export const PROVIDER_STRANGER = { login: 'sam.stranger', email: 'sam@elsewhere.test' } as const;
export const PROVIDER_LABEL = 'Test National ID';

/**
 * Starts a real OpenID Connect provider on loopback with its login form, whose person's verified
 * e-mail is the `oidc` account's, and answers the OIDC_* settings that point Sanad at it.
 */
export async function startE2eIdentityProvider(): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const provider = await startTestProvider({
    sanadUrl: BASE_URL,
    sanadProviderIds: ['default'],
    isInteractive: true,
    accounts: [
      { sub: PROVIDER_PERSON.login, email: PROVIDER_PERSON.email, emailVerified: true, givenName: 'Amal', familyName: 'Oidc' },
      { sub: PROVIDER_STRANGER.login, email: PROVIDER_STRANGER.email, emailVerified: true, givenName: 'Sam', familyName: 'Stranger' },
    ],
  });
  // Tests run in workers started after this; they read the provider's address from here.
  process.env.SANAD_E2E_OIDC_ISSUER = provider.issuer;
  return {
    env: {
      // The browser reaches Sanad at BASE_URL; the redirect URI and the binding cookie must use that host.
      SANAD_PUBLIC_URL: BASE_URL,
      OIDC_ALLOW_LOOPBACK: 'true',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.secretClient.clientId,
      OIDC_CLIENT_SECRET: provider.secretClient.clientSecret,
      OIDC_LABEL: PROVIDER_LABEL,
    },
    close: () => provider.close(),
  };
}
