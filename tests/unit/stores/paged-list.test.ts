import { describe, expect, it } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import { createPagedList } from '../../../src/stores/paged-list';

useTestStorageEngine();

describe('createPagedList', () => {
  it('a load asked of a list nothing shows yet keeps its answer: the mount it causes starts no second load', async () => {
    const asked: number[] = [];
    const list = createPagedList<{ id: number }>('paged-list-test', async (q) => {
      asked.push(q.page);
      return { data: [{ id: q.page }], page: q.page, per_page: q.per_page, total: 3 };
    });
    await list.load(2);
    expect(asked).toEqual([2]);
    expect(list.$list.get()).toMatchObject({ loading: false, page: 2, answer: { data: [{ id: 2 }] } });
  });

  it('a list that starts to be shown loads its first page', async () => {
    const asked: number[] = [];
    const list = createPagedList<{ id: number }>('paged-list-test-2', async (q) => {
      asked.push(q.page);
      return { data: [], page: q.page, per_page: q.per_page, total: 0 };
    });
    const stop = list.$list.listen(() => {});
    await Promise.resolve();
    expect(asked).toEqual([1]);
    stop();
  });
});
