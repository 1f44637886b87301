import { useSyncExternalStore } from 'react';

/**
 * The global loading flag: set while a submission runs that the user must wait for, such
 * as the one a solved captcha triggers. Counted, so overlapping work keeps it set until all ends.
 */
let pending = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Sets the flag and returns the function that clears this holder's share of it (once). */
export function beginGlobalLoading(): () => void {
  pending += 1;
  notify();
  let isDone = false;
  return () => {
    if (isDone) return;
    isDone = true;
    pending -= 1;
    notify();
  };
}

export function isGlobalLoading(): boolean {
  return pending > 0;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(subscribe, isGlobalLoading);
}
