import { staffRoute, type PageRoute } from '../../lib/page-route';

/**
 * /download/:folder/:fileName (DO-15): any signed-in user, no permission. The server
 * still checks that the file belongs to one of the caller's data segments. Stored names are
 * unique across the installation, so `folder` (the spec's storage folder) only labels the page.
 */
export const fileRoutes: PageRoute[] = [staffRoute('download/:folder/:fileName', { title: 'Download' }, () => import('./DownloadPage'))];
