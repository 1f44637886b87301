import { afterCommit } from '../db/after-commit';
import type { Database, Queryable } from '../db/database';
import type { Actor } from './access';
import { ACTORS_CHANGED_CHANNEL, notifyActorsChanged } from './actor-changes.repository';

export { ACTORS_CHANGED_CHANNEL };

/**
 * How long this process trusts a caller it has read without asking the database again. Changes made
 * through the application reach every process at once (a notification on the channel above); this
 * bounds only changes the notification missed: written by hand in SQL, or sent while a process's
 * listening connection was down.
 */
export const ACTOR_CACHE_SECONDS = 2;
/** Sessions remembered at most; the oldest is forgotten first. */
const MAX_ENTRIES = 10_000;

/** The callers' caches of this process, each told at once when a change is committed here. */
const localCaches = new Set<{ clear(): void }>();

/**
 * Says that a session, a user, a role or a data segment changed in a way a signed-in caller may
 * depend on (sign-out, password change, deactivation, role, permissions, segments). Call it inside the
 * transaction of the change: other processes are notified when it commits, and this process forgets
 * its callers right after the commit, before the change is answered.
 */
export async function actorsChanged(target: Queryable): Promise<void> {
  await notifyActorsChanged(target);
  afterCommit(target, () => {
    for (const cache of localCaches) cache.clear();
  });
}

interface Entry {
  actor: Actor;
  /** The first of: the token's expiry, the session's idle and absolute ends, the cache period. */
  until: number;
}

export interface ActorCache {
  /** The caller behind `token` when it was read recently and nothing it depends on changed since. */
  get(token: string, now: number): Actor | null;
  /**
   * Reads the caller behind `token` with `load` and keeps it until `until` (at most the cache period),
   * unless a change was announced while it was being read. Requests of the same token arriving
   * while it is read wait for that read.
   */
  load(token: string, now: number, read: () => Promise<{ actor: Actor; until: number } | null>): Promise<Actor | null>;
  clear(): void;
  /** Starts following changes made by other processes; resolves to a function that stops it. */
  follow(db: Database): Promise<() => Promise<void>>;
}

/**
 * The signed-in callers this process read recently, by bearer token: a request whose token was
 * verified and whose session was read a moment ago needs neither again. Only live sessions of active
 * users are kept, never a refusal, and never past the session's own idle or absolute end or the
 * token's expiry, so sign-out, expiry and idle timeout apply as before.
 */
export function createActorCache(options: { seconds?: number; maxEntries?: number } = {}): ActorCache {
  const periodMs = (options.seconds ?? ACTOR_CACHE_SECONDS) * 1000;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  // Reads under way, shared by the requests of the same token that arrive meanwhile.
  const reading = new Map<string, Promise<Actor | null>>();
  // Counts announced changes: a read that a change overtook is answered but not kept.
  let generation = 0;
  // Nothing is kept before the cache hears of changes, nor after it stopped.
  let isFollowing = false;

  const cache: ActorCache = {
    get(token, now) {
      const entry = entries.get(token);
      if (!entry) return null;
      if (now < entry.until) return entry.actor;
      entries.delete(token);
      return null;
    },
    load(token, now, read) {
      const pending = reading.get(token);
      if (pending) return pending;
      const started = generation;
      const answer = read().then(
        (found) => {
          if (reading.get(token) === answer) reading.delete(token);
          if (!found) return null;
          if (isFollowing && started === generation) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
            entries.set(token, { actor: found.actor, until: Math.min(found.until, now + periodMs) });
          }
          return found.actor;
        },
        (error: unknown) => {
          if (reading.get(token) === answer) reading.delete(token);
          throw error;
        },
      );
      reading.set(token, answer);
      return answer;
    },
    clear() {
      generation += 1;
      entries.clear();
      // A read begun before the change may answer what the change replaced: later requests start their own.
      reading.clear();
    },
    async follow(db) {
      // An empty payload also arrives after the listening connection was restored: clearing then
      // covers whatever was said while it was down.
      const stopListening = await db.listen(ACTORS_CHANGED_CHANNEL, () => cache.clear());
      localCaches.add(cache);
      isFollowing = true;
      return async () => {
        localCaches.delete(cache);
        isFollowing = false;
        cache.clear();
        await stopListening();
      };
    },
  };
  return cache;
}
