import { describe, expect, it } from 'vitest';
import { createViewerCache, type CacheableViewer } from '../../../src/server/auth/viewer-cache';
import { parseAuthChange, type AuthChange, type AuthChangeFeed, type AuthChangeListener } from '../../../src/server/db/auth-changes';

/** A feed the test drives: the database's notices (tests/api/viewer-cache.test.ts sends real ones). */
function drivenFeed() {
  const listeners = new Set<AuthChangeListener>();
  let covered = true;
  const feed: AuthChangeFeed = {
    covered: () => covered,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return {
    feed,
    send: (change: AuthChange) => {
      for (const l of listeners) l(change);
    },
    lose() {
      covered = false;
      for (const l of listeners) l({ kind: 'all' });
    },
    regain: () => {
      covered = true;
    },
  };
}

const row = (session: string, user: string, company: string | null): CacheableViewer => ({ session_guid: session, user_guid: user, company_guid: company });

function filled() {
  const driven = drivenFeed();
  let now = 0;
  const cache = createViewerCache<CacheableViewer>(driven.feed, { maxEntries: 3, maxAgeMs: 1000, clock: () => now });
  const put = (key: string, r: CacheableViewer) => cache.set(key, r, cache.snapshot());
  put('a', row('s1', 'u1', 'c1'));
  put('b', row('s2', 'u1', 'c2'));
  put('c', row('s3', 'u2', 'c1'));
  const tick = (ms: number) => {
    now += ms;
  };
  return { ...driven, cache, put, tick };
}

describe('the viewer cache', () => {
  it('keeps what it is given and forgets exactly what a change names', () => {
    const { cache, send } = filled();
    expect(cache.get('a')).toEqual(row('s1', 'u1', 'c1'));
    send({ kind: 'session', guid: 's2' });
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    send({ kind: 'company', guid: 'c1' });
    expect([cache.get('a'), cache.get('c')].map(Boolean)).toEqual([false, false]);
  });

  it('forgets every token of a user whose membership, key or profile changed', () => {
    const { cache, send } = filled();
    send({ kind: 'user', guid: 'u1' });
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([false, false, true]);
    send({ kind: 'all' });
    expect(cache.size).toBe(0);
  });

  it('does not keep a row read before a change arrived, whatever that change names', () => {
    const { cache, send } = filled();
    const before = cache.snapshot();
    send({ kind: 'user', guid: 'someone-else' });
    cache.set('d', row('s4', 'u4', 'c4'), before);
    expect(cache.get('d')).toBeUndefined();
    cache.set('d', row('s4', 'u4', 'c4'), cache.snapshot());
    expect(cache.get('d')).toBeDefined();
  });

  it('remembers nothing while changes may go unheard, and nothing from before the gap', () => {
    const { cache, lose, regain, put } = filled();
    const before = cache.snapshot();
    lose();
    expect(cache.get('a')).toBeUndefined();
    put('d', row('s4', 'u4', 'c4'));
    expect(cache.get('d')).toBeUndefined();
    regain();
    cache.set('e', row('s5', 'u5', 'c5'), before);
    expect(cache.get('e')).toBeUndefined();
    put('e', row('s5', 'u5', 'c5'));
    expect(cache.get('e')).toBeDefined();
  });

  it('is bounded: the oldest entry goes first, and an entry is read again after its age', () => {
    const { cache, put, tick } = filled();
    put('d', row('s4', 'u4', 'c4'));
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    tick(1001);
    expect(cache.get('d')).toBeUndefined();
  });
});

describe('auth change notices', () => {
  it('name a session, a user or a company, and anything else means everything', () => {
    expect(parseAuthChange('session:1f0c')).toEqual({ kind: 'session', guid: '1f0c' });
    expect(parseAuthChange('user:ab')).toEqual({ kind: 'user', guid: 'ab' });
    expect(parseAuthChange('company:cd')).toEqual({ kind: 'company', guid: 'cd' });
    expect(parseAuthChange('all')).toEqual({ kind: 'all' });
    expect(parseAuthChange('invoice:ef')).toEqual({ kind: 'all' });
    expect(parseAuthChange('user:')).toEqual({ kind: 'all' });
  });
});
