import { guestRoute, type PageRoute } from '../../lib/page-route';

export const contactRoutes: PageRoute[] = [guestRoute('contact-us', { title: 'Contact Us' }, () => import('./ContactUsPage'))];
