import { guestRoute, type PageRoute } from '../../app/page-route';

export const authRoutes: PageRoute[] = [guestRoute('', { title: 'Login' }, () => import('./LoginPage'))];
