import { guestRoute, type PageRoute } from '../../lib/page-route';

export const supportRoutes: PageRoute[] = [guestRoute('contact-us', { title: 'Contact Us' }, () => import('./ContactUsPage'))];
