import { guestRoute, type PageRoute } from '../../app/page-route';

export const signUpRoutes: PageRoute[] = [guestRoute('signup', { title: 'Sign Up' }, () => import('./SignUpPage'))];
