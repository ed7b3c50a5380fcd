import { atom } from 'nanostores';
import { errorMessages } from '../lib/errors';

/** One document a page shows, loaded by its number (an order, an invoice, a credit note). */
export interface DocumentState<T> {
  id: number;
  loading: boolean;
  doc: T | null;
  /** Why it cannot be shown, in the API's words ('Invoice not found.'), once a load failed. */
  problem: string | null;
}

/**
 * A document page's store. A failed load is said on the page, where the document would be, and
 * not also as a toast: one sentence for one problem, read where the person is looking.
 */
export function documentStore<T>(fetch: (id: number) => Promise<T>) {
  const $doc = atom<DocumentState<T>>({ id: 0, loading: false, doc: null, problem: null });
  async function load(id: number): Promise<void> {
    const current = $doc.get();
    $doc.set({ id, loading: true, doc: current.id === id ? current.doc : null, problem: null });
    try {
      const doc = await fetch(id);
      if ($doc.get().id === id) $doc.set({ id, loading: false, doc, problem: null });
    } catch (error) {
      if ($doc.get().id === id) $doc.set({ id, loading: false, doc: null, problem: errorMessages(error).join(' ') });
    }
  }
  return { $doc, load };
}
