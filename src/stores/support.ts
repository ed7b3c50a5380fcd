import { map } from 'nanostores';
import type { SupportArticle } from '../lib/api/system';
import { getSupportArticle } from '../lib/requests/system';
import { api } from './api';

/** Per support id: loading, the article, or none (the server holds no article for it). */
export type SupportState = { status: 'loading' } | { status: 'found'; article: SupportArticle } | { status: 'none' };

export const $support = map<Record<string, SupportState>>({});

/** Loads the article behind a page's info button, once per page load. */
export async function loadSupportArticle(id: string): Promise<void> {
  if ($support.get()[id]) return;
  $support.setKey(id, { status: 'loading' });
  try {
    const { data } = await getSupportArticle(api, id);
    $support.setKey(id, { status: 'found', article: data });
  } catch {
    // Without an article the modal says which page it is about (spec decisions, 2).
    $support.setKey(id, { status: 'none' });
  }
}
