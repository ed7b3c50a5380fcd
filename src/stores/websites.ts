import { atom } from 'nanostores';
import type { Website } from '../lib/api/websites';
import { getWebsite, listWebsites } from '../lib/requests/websites';
import { api } from './api';
import { createPagedList } from './paged-list';
import { toastError } from './toasts';

/** The websites list (spec part 2, 2.11): the search tags joined by commas, as the API splits them. */
export const websitesList = createPagedList<Website, { search: string }>('websites', (q) => listWebsites(api, { ...q, search: q.search || undefined }), { search: '' });

/** The website the Manage website page shows. */
export const $website = atom<{ guid: string; loading: boolean; website: Website | null }>({ guid: '', loading: false, website: null });

export async function loadWebsite(guid: string): Promise<void> {
  $website.set({ guid, loading: true, website: $website.get().guid === guid ? $website.get().website : null });
  try {
    const website = await getWebsite(api, guid);
    if ($website.get().guid === guid) $website.set({ guid, loading: false, website });
  } catch (error) {
    if ($website.get().guid === guid) $website.set({ guid, loading: false, website: null });
    toastError(error);
  }
}
