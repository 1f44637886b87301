import { guestRoute, type PageRoute } from '../../lib/page-route';

export const authRoutes: PageRoute[] = [guestRoute('', { title: 'Login' }, () => import('./LoginPage'))];
