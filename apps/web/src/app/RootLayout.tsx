import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PRODUCT_NAME } from '@sanad/contracts/constants';
import { useSessionUser } from '../lib/session';
import { isRouteMeta, type RouteMeta } from './route-meta';
import { Loading } from '../components/Loading';
import { LegalFooter } from '../components/legal/LegalFooter';

// The signed-in shell loads on demand, so the login page ships none of its code.
const AppLayout = lazy(() => import('./shell/AppLayout').then((module) => ({ default: module.AppLayout })));

const FALLBACK_META: RouteMeta = { title: 'Page Not Found', auth: 'open' };

export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  const leaf = matches.toReversed().find((match) => isRouteMeta(match.handle));
  return (leaf?.handle as RouteMeta | undefined) ?? FALLBACK_META;
}

/** Sets the page title and picks the layout (scrolling to the top is done in main.tsx). */
export function RootLayout() {
  const meta = useRouteMeta();
  const user = useSessionUser();

  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${meta.title}`;
  }, [meta.title]);

  if (meta.auth === 'auth' && user) {
    return (
      <Suspense fallback={<Loading fullScreen />}>
        <AppLayout meta={meta} user={user}>
          <Outlet />
        </AppLayout>
      </Suspense>
    );
  }
  return (
    <>
      <Outlet />
      {meta.auth === 'guest' ? <LegalFooter variant="guest" /> : null}
    </>
  );
}
