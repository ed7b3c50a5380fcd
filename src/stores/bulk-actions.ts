import { map } from 'nanostores';
import type { DomainGroup } from '../lib/api/domains';
import { bulkAction, listDomainGroups } from '../lib/requests/domains';
import { BULK_DONE, type BulkAction } from '../lib/schemas/bulk-actions';
import { PICKER_PAGE_SIZE } from '../lib/schemas/lists';
import { api } from './api';
import { domainsList } from './domains';
import { toastError, toastSuccess } from './toasts';

/** The bulk-action modal (spec part 2, 4.5): 1 choose the action, 2 configure and confirm, 3 run. */
export interface BulkState {
  step: 1 | 2 | 3;
  action: BulkAction | null;
  destination: string;
  /** CHANGE_GROUP's choices: the other groups. */
  groups: DomainGroup[];
  error: string | null;
}

export const $bulk = map<BulkState>({ step: 1, action: null, destination: '', groups: [], error: null });

export const resetBulk = () => $bulk.set({ step: 1, action: null, destination: '', groups: [], error: null });

export function chooseAction(action: BulkAction): void {
  $bulk.set({ ...$bulk.get(), action, error: null });
}

export async function toConfigure(group: string): Promise<void> {
  const { action } = $bulk.get();
  if (!action) {
    $bulk.setKey('error', 'Please choose an action!');
    return;
  }
  $bulk.set({ ...$bulk.get(), step: 2, error: null });
  if (action === 'CHANGE_GROUP') {
    try {
      const page = await listDomainGroups(api, { per_page: PICKER_PAGE_SIZE });
      $bulk.setKey(
        'groups',
        page.data.filter((g) => g.guid !== group),
      );
    } catch (error) {
      toastError(error);
    }
  }
}

/** Runs the action once (a second click while it runs does nothing); true when it was done. */
export async function runBulk(group: string, domainList: readonly string[]): Promise<boolean> {
  const state = $bulk.get();
  if (state.step === 3 || !state.action) return false;
  if (state.action === 'CHANGE_GROUP' && !state.destination) {
    $bulk.setKey('error', 'Please select the destination group!');
    return false;
  }
  $bulk.set({ ...state, step: 3, error: null });
  try {
    const answer = await bulkAction(api, {
      group,
      domain_list: [...domainList],
      action: state.action,
      ...(state.action === 'CHANGE_GROUP' ? { destination_group: state.destination } : {}),
    });
    toastSuccess(answer.message || BULK_DONE);
    await domainsList.load();
    return true;
  } catch (error) {
    $bulk.set({ ...$bulk.get(), step: 2 });
    toastError(error);
    return false;
  }
}
