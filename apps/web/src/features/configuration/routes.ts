import { staffRoute, type PageRoute } from '../../lib/page-route';
import { CONFIGURATION_PERMISSIONS } from './sections';

/** The configuration home opens for any permission of a configuration page; it lists those the user may open. */
export const configurationRoutes: PageRoute[] = [
  staffRoute('configuration', { title: 'Configuration', permissions: CONFIGURATION_PERMISSIONS }, () => import('./ConfigurationHomePage')),
];
