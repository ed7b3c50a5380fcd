import { atom } from 'nanostores';
import { getNotes, saveNotes } from '../lib/requests/domains';
import { notesSchema } from '../lib/schemas/domain-notes';
import { api } from './api';
import { $openDomain, openDomain } from './domains';
import { createForm } from './form';
import { toastError } from './toasts';

/** The drawer's Notes tab (spec part 2, 2.7). */
export const $notes = atom<{ domain: string; loading: boolean; notes: string | null }>({ domain: '', loading: false, notes: null });

export async function loadNotes(domain: string): Promise<void> {
  $notes.set({ domain, loading: true, notes: null });
  try {
    const { notes } = await getNotes(api, domain);
    if ($notes.get().domain === domain) $notes.set({ domain, loading: false, notes });
  } catch (error) {
    $notes.set({ domain, loading: false, notes: null });
    toastError(error);
  }
}

export const notesForm = createForm({
  schema: notesSchema,
  send: (input) => saveNotes(api, $notes.get().domain, input),
  successToast: (answer) => answer.message,
  onSuccess: async (answer) => {
    $notes.set({ ...$notes.get(), notes: answer.notes });
    // The overview's has_notes follows.
    const open = $openDomain.get();
    if (open) await openDomain(open.guid);
  },
});
