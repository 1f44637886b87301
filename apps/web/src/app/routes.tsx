import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { MESSAGES } from '@sanad/contracts/messages';
import { Loading } from '../components/Loading';
import { verifyCurrentSession } from '../lib/verify-session';
import { sessionRoutes } from '../features/session/routes';
import { insightsRoutes } from '../features/insights/routes';
import { screeningRoutes } from '../features/screening/routes';
import { idvConfigurationRoutes } from '../features/idv-configuration/routes';
import { signUpRoutes } from '../features/signup/routes';
import { supportRoutes } from '../features/support/routes';
import { notificationRoutes } from '../features/notifications/routes';
import { userGuideRoutes } from '../features/user-guide/routes';
import { passwordRoutes } from '../features/passwords/routes';
import { usersRoutes } from '../features/users/routes';
import { riskConfigurationRoutes } from '../features/risk-configuration/routes';
import { fileRoutes } from '../features/files/routes';
import { systemLogRoutes } from '../features/system-logs/routes';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { decideAccess } from './guard';
import type { PageRoute } from './page-route';
import { RootLayout } from './RootLayout';
import { loadChunk } from './chunk-loading';

/** Every registered screen; each feature contributes its own list. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  ...sessionRoutes,
  ...insightsRoutes,
  ...passwordRoutes,
  ...usersRoutes,
  ...screeningRoutes,
  ...idvConfigurationRoutes,
  ...signUpRoutes,
  ...supportRoutes,
  ...notificationRoutes,
  ...userGuideRoutes,
  ...riskConfigurationRoutes,
  ...fileRoutes,
  ...systemLogRoutes,
];

/** The first screen a scope opens, used when a user lands somewhere their role does not reach. */
export function homeForScope(scope: string): string | null {
  const route = PAGE_ROUTES.find((candidate) => candidate.meta.permissions?.includes(scope as never));
  return route ? `/${route.path}` : null;
}

/** Runs before every navigation to the route: the token is verified each time (001 §6). */
function guardLoader(route: PageRoute) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const profile = route.meta.auth === 'open' ? null : await verifyCurrentSession();
    const decision = decideAccess(route.meta, profile ? profile.scopes : null, url.pathname + url.search, homeForScope);
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

const notFound: PageRoute = {
  path: '*',
  meta: { title: 'Page Not Found', auth: 'open', noTopHeader: true },
  load: () => import('../features/errors/NotFoundPage'),
};

export const routeObjects: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: () => <Loading fullScreen />,
    errorElement: <RouteErrorPage />,
    children: [...PAGE_ROUTES, notFound].map(toRouteObject),
  },
];
