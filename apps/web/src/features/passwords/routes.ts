import { guestRoute, type PageRoute } from '../../lib/page-route';

const loadCreatePassword = () => import('./CreatePasswordPage');

/** The guest-only password pages: forgot, reset, and set password from an invitation. */
export const passwordRoutes: PageRoute[] = [
  guestRoute('users/forgot-password', { title: 'Forgot Password' }, () => import('./ForgotPasswordPage')),
  guestRoute('users/reset-password/:token', { title: 'Reset Password' }, () => import('./ResetPasswordPage')),
  guestRoute('users/create-password/:token', { title: 'Set Password' }, loadCreatePassword),
  guestRoute('team-member/create-password/:token', { title: 'Set Team Member Password' }, loadCreatePassword),
];
