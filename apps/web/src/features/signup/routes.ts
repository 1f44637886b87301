import { guestRoute, type PageRoute } from '../../lib/page-route';

export const signUpRoutes: PageRoute[] = [guestRoute('signup', { title: 'Sign Up' }, () => import('./SignUpPage'))];
