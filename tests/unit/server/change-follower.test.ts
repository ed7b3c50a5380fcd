import { describe, expect, it } from 'vitest';
import { followChanges } from '../../../src/server/db/change-follower';
import type { NoticeFeed } from '../../../src/server/db/notice-feed';

/** A feed the test drives, as the database's notices would. */
function drivenFeed() {
  const listeners = new Set<(change: string) => void>();
  const feed: NoticeFeed<string> = {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    listen: async () => undefined,
    close: async () => undefined,
  };
  return {
    feed,
    send(change: string) {
      for (const listener of listeners) listener(change);
    },
  };
}

describe('following the changes the database announces', () => {
  it('loads everything, then what each change names, by kind, and everything again for a change naming nothing', async () => {
    const { feed, send } = drivenFeed();
    const loads: string[] = [];
    const follower = await followChanges({
      feed,
      keyOf: (change) => (change === 'all' ? null : { kind: change.split(':')[0]!, key: change.split(':')[1]! }),
      loadAll: async () => void loads.push('all'),
      load: async (kind, keys) => void loads.push(`${kind} ${keys.join(',')}`),
      what: 'test',
    });
    send('site:1');
    send('site:2');
    send('firewall:c');
    // Announced before the write returns: loading has begun, and settled() waits for it.
    expect(follower.loading).toBe(true);
    await follower.settled();
    expect(follower.loading).toBe(false);
    // The first starts loading at once; what comes while it loads is loaded after it.
    send('site:3');
    send('all');
    await follower.settled();
    expect(loads).toEqual(['all', 'site 1,2', 'firewall c', 'site 3', 'all']);
    await follower.close();
  });
});
