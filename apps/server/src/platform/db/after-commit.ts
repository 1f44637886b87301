import type { Queryable } from './database';

/**
 * Work that must wait until a change is committed: dropping what this process cached about the
 * rows it changed. Run earlier, a concurrent request could read the old rows before the commit and
 * cache them again.
 */
const pending = new WeakMap<Queryable, Array<() => void>>();

/** Called by the database when it opens a transaction, so that `afterCommit` knows `tx` is one. */
export function beginAfterCommit(tx: Queryable): void {
  pending.set(tx, []);
}

/** Called by the database when `tx` ended: runs its callbacks if it committed, drops them if not. */
export function endAfterCommit(tx: Queryable, committed: boolean): void {
  const callbacks = pending.get(tx) ?? [];
  pending.delete(tx);
  if (!committed) return;
  for (const callback of callbacks) callback();
}

/**
 * Runs `callback` once the change made through `target` is committed: at the end of its transaction,
 * or at once when `target` is the database itself (each statement commits on its own).
 */
export function afterCommit(target: Queryable, callback: () => void): void {
  const callbacks = pending.get(target);
  if (callbacks) callbacks.push(callback);
  else callback();
}
