import { describe, expect, it } from 'vitest';
import type { Actor } from './access';
import { createActorCache } from './actor-cache';

const actor = (userId: string): Actor =>
  ({ userId, sessionId: `session-${userId}`, permissions: new Set<string>(), segments: { all: true, ids: new Set() } }) as unknown as Actor;

/** A database that only listens: what `follow` needs. */
function listeningDatabase() {
  const handlers: Array<(payload: string) => void> = [];
  return {
    db: {
      listen: async (_channel: string, handler: (payload: string) => void) => {
        handlers.push(handler);
        return async () => undefined;
      },
    } as never,
    say: () => handlers.forEach((handler) => handler('')),
  };
}

describe('the cache of signed-in callers', () => {
  it('answers a caller read before, until the earliest end it was read with', async () => {
    const cache = createActorCache({ seconds: 60 });
    await cache.follow(listeningDatabase().db);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return { actor: actor('a'), until: 1_500 };
    };
    expect((await cache.load('token', 1_000, read))?.userId).toBe('a');
    expect(cache.get('token', 1_499)?.userId).toBe('a');
    expect(cache.get('token', 1_500)).toBeNull();
    expect(reads).toBe(1);
  });

  it('keeps a caller no longer than its period, however long the session lives', async () => {
    const cache = createActorCache({ seconds: 2 });
    await cache.follow(listeningDatabase().db);
    await cache.load('token', 1_000, async () => ({ actor: actor('a'), until: 10_000_000 }));
    expect(cache.get('token', 2_999)).not.toBeNull();
    expect(cache.get('token', 3_000)).toBeNull();
  });

  it('never keeps a refusal', async () => {
    const cache = createActorCache();
    await cache.follow(listeningDatabase().db);
    expect(await cache.load('token', 1_000, async () => null)).toBeNull();
    expect(cache.get('token', 1_000)).toBeNull();
  });

  it('forgets every caller when a change is announced on the channel', async () => {
    const cache = createActorCache({ seconds: 60 });
    const database = listeningDatabase();
    await cache.follow(database.db);
    await cache.load('token', 1_000, async () => ({ actor: actor('a'), until: 60_000 }));
    database.say();
    expect(cache.get('token', 1_001)).toBeNull();
  });

  it('answers but does not keep a read that a change overtook', async () => {
    const cache = createActorCache({ seconds: 60 });
    const database = listeningDatabase();
    await cache.follow(database.db);
    const finishers: Array<(value: { actor: Actor; until: number }) => void> = [];
    const loading = cache.load('token', 1_000, () => new Promise((resolve) => finishers.push(resolve)));
    database.say();
    finishers[0]?.({ actor: actor('old'), until: 60_000 });
    expect((await loading)?.userId).toBe('old');
    expect(cache.get('token', 1_001)).toBeNull();
  });

  it('shares a read under way with requests of the same token, but not across an announced change', async () => {
    const cache = createActorCache({ seconds: 60 });
    const database = listeningDatabase();
    await cache.follow(database.db);
    let reads = 0;
    const finishers: Array<(value: { actor: Actor; until: number }) => void> = [];
    const read = () => {
      reads += 1;
      return new Promise<{ actor: Actor; until: number }>((resolve) => finishers.push(resolve));
    };
    const first = cache.load('token', 1_000, read);
    const second = cache.load('token', 1_000, read);
    expect(reads).toBe(1);
    database.say();
    const third = cache.load('token', 1_000, read);
    expect(reads).toBe(2);
    finishers[0]?.({ actor: actor('before'), until: 60_000 });
    finishers[1]?.({ actor: actor('after'), until: 60_000 });
    expect([(await first)?.userId, (await second)?.userId, (await third)?.userId]).toEqual(['before', 'before', 'after']);
    expect(cache.get('token', 1_001)?.userId).toBe('after');
  });

  it('keeps nothing before it follows changes, nor after it stopped', async () => {
    const cache = createActorCache({ seconds: 60 });
    await cache.load('token', 1_000, async () => ({ actor: actor('a'), until: 60_000 }));
    expect(cache.get('token', 1_001)).toBeNull();
    const stop = await cache.follow(listeningDatabase().db);
    await stop();
    await cache.load('token', 1_000, async () => ({ actor: actor('a'), until: 60_000 }));
    expect(cache.get('token', 1_001)).toBeNull();
  });

  it('forgets the oldest caller when full', async () => {
    const cache = createActorCache({ seconds: 60, maxEntries: 2 });
    await cache.follow(listeningDatabase().db);
    for (const token of ['a', 'b', 'c']) await cache.load(token, 1_000, async () => ({ actor: actor(token), until: 60_000 }));
    expect(cache.get('a', 1_001)).toBeNull();
    expect(cache.get('b', 1_001)?.userId).toBe('b');
    expect(cache.get('c', 1_001)?.userId).toBe('c');
  });
});
