import { validateCompany } from '../lib/requests/auth';
import { api } from './api';
import { goTo } from './navigation';
import { loadUser, setSessionCompany } from './session';
import { toastError, toastSuccess } from './toasts';

/** Validates membership of the company, acts for it from now on, then returns home (spec part 3, 2.13). */
export async function selectCompany(guid: string): Promise<void> {
  try {
    await validateCompany(api, guid);
    setSessionCompany(guid);
    // Spelling corrected from the original 'seleted' (spec decisions, 2).
    toastSuccess('Company successfully selected!');
    await loadUser();
  } catch (error) {
    toastError(error);
  }
  goTo('/', { replace: true });
}
