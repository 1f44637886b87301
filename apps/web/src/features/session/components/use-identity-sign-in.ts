import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { IDENTITY_SIGN_IN_PARAMS, identitySignInErrorMessage } from '@sanad/contracts/identity-providers';
import { MESSAGES } from '@sanad/contracts/messages';
import { ACTIVITY_DASHBOARD_PATH, safeRedirectTarget } from '../../../lib/paths';
import { exchangeIdentityHandoff } from '../api/exchange-identity-handoff';

/**
 * Finishes a sign-in through an identity provider on the login page: the server's callback sends
 * the browser to `/?oidc=<code>` (then trade it for the session) or `/?oidcError=<reason>` (show
 * why). Either parameter is removed from the address at once, so it stays in no history entry.
 */
export function useIdentitySignIn(): { isExchanging: boolean; error: string | null; dismissError: () => void } {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const code = searchParams.get(IDENTITY_SIGN_IN_PARAMS.handoff);
  const reason = searchParams.get(IDENTITY_SIGN_IN_PARAMS.error);
  const [isExchanging, setExchanging] = useState(Boolean(code));
  const [error, setError] = useState<string | null>(reason ? identitySignInErrorMessage(reason) : null);
  // The code works once; StrictMode's second effect run must not spend it again.
  const isStarted = useRef(false);

  useEffect(() => {
    if (!code && !reason) return;
    void navigate('/', { replace: true });
    if (!code || isStarted.current) return;
    isStarted.current = true;
    exchangeIdentityHandoff(code)
      .then((redirectTo) => navigate(safeRedirectTarget(redirectTo) ?? ACTIVITY_DASHBOARD_PATH, { replace: true }))
      .catch((caught: unknown) => {
        setError(caught instanceof Error ? caught.message : MESSAGES.loginFailed);
        setExchanging(false);
      });
  }, [code, reason, navigate]);

  return { isExchanging, error, dismissError: () => setError(null) };
}
