import { guestRoute, type PageRoute } from '../../app/page-route';

export const sessionRoutes: PageRoute[] = [guestRoute('', { title: 'Login' }, () => import('./LoginPage'))];
