/** Paths the features and the shell both lead to. */
export const ACTIVITY_DASHBOARD_PATH = '/insights/activity-dashboard';
export const LOGIN_PATH = '/';

/** Only same-site paths are remembered, so the login link cannot be turned into an open redirect. */
export function safeRedirectTarget(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The login page, remembering the path the visitor wanted (same-site paths only). */
export function loginPathFor(wanted: string): string {
  return wanted === LOGIN_PATH ? LOGIN_PATH : `${LOGIN_PATH}?redirectTo=${encodeURIComponent(wanted)}`;
}
