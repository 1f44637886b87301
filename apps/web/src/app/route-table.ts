import { matchPath } from 'react-router';
import type { PageRoute } from '../lib/page-route';
import { sessionRoutes } from '../features/session/routes';
import { activityRoutes } from '../features/activity/routes';
import { screeningRoutes } from '../features/screening/routes';
import { idvRoutes } from '../features/idv/routes';
import { signUpRoutes } from '../features/signup/routes';
import { supportRoutes } from '../features/support/routes';
import { notificationRoutes } from '../features/notifications/routes';
import { userGuideRoutes } from '../features/user-guide/routes';
import { passwordRoutes } from '../features/passwords/routes';
import { usersRoutes } from '../features/users/routes';
import { riskConfigurationRoutes } from '../features/risk/routes';
import { fileRoutes } from '../features/files/routes';
import { systemLogRoutes } from '../features/system-logs/routes';
import { configurationRoutes } from '../features/configuration/routes';
import { mailboxRoutes } from '../features/mailbox/routes';
import { companyRegisterRoutes, companyRoutes } from '../features/companies/routes';
import { customerRoutes } from '../features/customers/routes';
import { customerVerificationRoutes } from '../features/customer-verification/routes';
import { developerRoutes } from '../features/developers/routes';
import { bulkOnboardingRoutes } from '../features/bulk-onboarding/routes';
import { alertRoutes } from '../features/alerts/routes';
import { insightRoutes } from '../features/insights/routes';

/**
 * Every registered screen; each feature contributes its own list. The order decides where a user
 * is sent when their role does not open the page they asked for (homeForScope), so the
 * configuration home comes after the pages it lists.
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  ...sessionRoutes,
  ...activityRoutes,
  ...passwordRoutes,
  ...usersRoutes,
  ...customerRoutes,
  ...customerVerificationRoutes,
  ...companyRoutes,
  ...bulkOnboardingRoutes,
  ...alertRoutes,
  ...insightRoutes,
  ...screeningRoutes,
  ...companyRegisterRoutes,
  ...idvRoutes,
  ...signUpRoutes,
  ...supportRoutes,
  ...notificationRoutes,
  ...userGuideRoutes,
  ...riskConfigurationRoutes,
  ...fileRoutes,
  ...systemLogRoutes,
  ...configurationRoutes,
  ...mailboxRoutes,
  ...developerRoutes,
];

/**
 * The first screen a scope opens, used when a user lands somewhere their role does not reach. Only
 * routes without parameters qualify: a path with `:page` in it leads nowhere.
 */
export function homeForScope(scope: string, isKyb = false): string | null {
  // A company onboarding page is no home for an account without the kyb flag: it would be moved on from it again.
  const route = PAGE_ROUTES.find(
    (candidate) =>
      !candidate.path.includes(':') && (isKyb || !candidate.meta.kybOnly) && candidate.meta.permissions?.includes(scope as never),
  );
  return route ? `/${route.path}` : null;
}

/** Whether some page answers this path (query and fragment ignored); a link elsewhere would end on the 404 page. */
export function isRouted(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return PAGE_ROUTES.some((route) => matchPath({ path: `/${route.path}`, end: true }, pathname) !== null);
}

/** The title of the page at a path, for telling a user which page they could not open. */
export function titleOfPath(path: string): string | null {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return PAGE_ROUTES.find((route) => matchPath({ path: `/${route.path}`, end: true }, pathname) !== null)?.meta.title ?? null;
}
