import { useSyncExternalStore } from 'react';

/** Why the user is on this page: the route guard took them here from a page their role does not open. */
export interface AccessNotice {
  deniedPath: string;
  deniedTitle: string;
  /** The page they were taken to; the notice shows there only. */
  landingPath: string;
  /** kyb: the page was company onboarding and the account has individual onboarding only. */
  reason?: 'kyb';
}

let current: AccessNotice | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function recordAccessNotice(notice: AccessNotice): void {
  current = notice;
  notify();
}

/** Called as each navigation starts: a notice lasts until the user goes to another page. */
export function dropAccessNoticeUnlessFor(pathname: string): void {
  if (current !== null && current.landingPath !== pathname) dismissAccessNotice();
}

export function dismissAccessNotice(): void {
  if (current === null) return;
  current = null;
  notify();
}

/** The notice for the page at `pathname`, or null (a notice for another page is dropped). */
export function useAccessNotice(pathname: string): AccessNotice | null {
  const notice = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
  return notice && notice.landingPath === pathname ? notice : null;
}

/** What the notice says, naming the page the user could not open. */
export function accessNoticeText(notice: AccessNotice): string {
  if (notice.reason === 'kyb')
    return `Company onboarding is not enabled for your account, so you were taken from ${notice.deniedTitle} (${notice.deniedPath}) to individual onboarding. Ask an administrator to turn on company onboarding (KYB) if you need it.`;
  return `Your role does not open ${notice.deniedTitle} (${notice.deniedPath}), so you were taken to this page instead. Ask an administrator if you need it.`;
}
