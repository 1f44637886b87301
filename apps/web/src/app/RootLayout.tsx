import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { useSessionUser } from '../lib/session';
import { useRouteMeta } from '../lib/route-meta';
import { RouteAvailabilityContext } from '../lib/route-availability';
import { Loading } from '../components/Loading';
import { LegalFooter } from '../components/legal/LegalFooter';
import { usePublicLanguage } from '../lib/i18n/PublicLanguage';
import { usePageTitle } from '../lib/i18n/page-title';
import { isRouted } from './route-table';

// The signed-in shell loads on demand, so the login page ships none of its code.
const AppLayout = lazy(() => import('./shell/AppLayout').then((module) => ({ default: module.AppLayout })));

/**
 * Sets the page title and picks the layout (scrolling to the top is done in main.tsx). Signed-in
 * screens, and the 404 page for a signed-in visitor, get the shell.
 */
export function RootLayout() {
  const meta = useRouteMeta();
  const user = useSessionUser();
  // A public registration screen speaks the customer's language; every other screen is English.
  usePublicLanguage(meta.publicRegistration === true);
  usePageTitle(meta.title);

  const hasShell = user !== null && (meta.auth === 'auth' || (meta.auth === 'open' && Boolean(meta.showSideBar)));
  return (
    <RouteAvailabilityContext value={isRouted}>
      {hasShell ? (
        <Suspense fallback={<Loading fullScreen />}>
          <AppLayout meta={meta} user={user}>
            <Outlet />
          </AppLayout>
        </Suspense>
      ) : (
        <>
          <Outlet />
          {meta.auth === 'guest' ? <LegalFooter variant="guest" /> : null}
        </>
      )}
    </RouteAvailabilityContext>
  );
}
