import { guestRoute, type PageRoute } from '../../lib/page-route';

export const sessionRoutes: PageRoute[] = [guestRoute('', { title: 'Login' }, () => import('./LoginPage'))];
