import { guestRoute, type PageRoute } from '../../app/page-route';

export const supportRoutes: PageRoute[] = [guestRoute('contact-us', { title: 'Contact Us' }, () => import('./ContactUsPage'))];
