import { staffRoute, type PageRoute } from '../../lib/page-route';

/**
 * Developer Tools. The home admits the sidebar link's permission (developer-tools) besides the
 * spec's manage-api-logs, and those of the pages it leads to, so no holder of the link is turned
 * away (docs/decisions/webhooks.md).
 */
export const developerRoutes: PageRoute[] = [
  staffRoute(
    'developers',
    {
      title: 'Developer Tools',
      permissions: ['developer-tools', 'manage-api-logs', 'manage-application-access', 'manage-webhooks'],
      innerTabName: 'home',
    },
    () => import('./DevelopersHomePage'),
  ),
  staffRoute(
    'developers/api-reference',
    {
      title: 'API Reference',
      permissions: ['developer-tools', 'manage-api-logs', 'manage-application-access', 'manage-webhooks'],
      innerTabName: 'api-reference',
    },
    () => import('./ApiReferencePage'),
  ),
  staffRoute(
    'developers/application-access',
    { title: 'Application Access', permissions: ['manage-application-access'], innerTabName: 'application-access' },
    () => import('./ApplicationAccessPage'),
  ),
  staffRoute(
    'developers/api-logs',
    { title: 'API Logs', permissions: ['manage-api-logs'], innerTabName: 'api-logs' },
    () => import('./ApiLogsPage'),
  ),
  staffRoute(
    'developers/webhooks',
    { title: 'Webhooks', permissions: ['manage-webhooks'], innerTabName: 'webhooks' },
    () => import('./WebhooksPage'),
  ),
];
