import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { MESSAGES } from '@sanad/contracts/messages';
import { Loading } from '../components/Loading';
import { verifyCurrentSession } from '../lib/verify-session';
import { dropAccessNoticeUnlessFor, recordAccessNotice } from '../lib/access-notice';
import type { PageRoute } from '../lib/page-route';
import { ACTIVITY_DASHBOARD_PATH } from '../lib/paths';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { decideAccess } from './guard';
import { PAGE_ROUTES, homeForScope } from './route-table';
import { RootLayout } from './RootLayout';
import { loadChunk } from './chunk-loading';

/** Runs before every navigation to the route: the token is verified each time (SH-27). */
function guardLoader(route: PageRoute) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    dropAccessNoticeUnlessFor(url.pathname);
    const profile = route.meta.auth === 'open' ? null : await verifyCurrentSession();
    const decision = decideAccess(
      route.meta,
      profile ? profile.scopes : null,
      url.pathname + url.search,
      (scope) => homeForScope(scope, profile?.kyb ?? false),
      profile?.kyb ?? false,
    );
    if (decision.kind === 'moved') {
      // The user is told on the page they land on which page they could not open, and why; except
      // for the dashboard, where sign-in and the logo send everyone without their asking.
      if (url.pathname !== ACTIVITY_DASHBOARD_PATH) {
        recordAccessNotice({
          deniedPath: url.pathname,
          deniedTitle: route.meta.title,
          landingPath: decision.to,
          ...(decision.reason ? { reason: decision.reason } : {}),
        });
      }
      throw redirect(decision.to);
    }
    if (decision.kind === 'redirect') throw redirect(decision.to);
    if (decision.kind === 'forbidden') throw data(MESSAGES.forbidden, { status: 403 });
    return null;
  };
}

function toRouteObject(route: PageRoute): RouteObject {
  return {
    ...(route.path === '' ? { index: true } : { path: route.path }),
    handle: route.meta,
    loader: guardLoader(route),
    errorElement: <RouteErrorPage />,
    lazy: async () => ({ Component: (await loadChunk(route.load)).default }),
  };
}

/**
 * Any other path. Open to anyone; a signed-in visitor keeps the header and sidebar, so the session
 * is checked first (a stale stored profile must not bring the shell back).
 */
const notFound: RouteObject = {
  path: '*',
  handle: { title: 'Page Not Found', auth: 'open', showSideBar: true },
  loader: async () => {
    dropAccessNoticeUnlessFor('');
    await verifyCurrentSession().catch(() => null);
    return null;
  },
  errorElement: <RouteErrorPage />,
  lazy: async () => ({ Component: (await loadChunk(() => import('../features/errors/NotFoundPage'))).default }),
};

export const routeObjects: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: () => <Loading fullScreen />,
    errorElement: <RouteErrorPage />,
    children: [...PAGE_ROUTES.map(toRouteObject), notFound],
  },
];
