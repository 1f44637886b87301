import { staffRoute, type PageRoute } from '../../lib/page-route';

/** Any signed-in user reads their own messages; the page says so when the server has a mail server instead. */
export const mailboxRoutes: PageRoute[] = [staffRoute('mailbox', { title: 'Mailbox' }, () => import('./MailboxPage'))];
