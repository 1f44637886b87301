import { guestRoute, type PageRoute } from '../../app/page-route';

export const contactRoutes: PageRoute[] = [guestRoute('contact-us', { title: 'Contact Us' }, () => import('./ContactUsPage'))];
