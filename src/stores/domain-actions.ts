import { deleteDomain } from '../lib/requests/domains';
import { api } from './api';
import { closeDomain, domainsList, openDomain } from './domains';
import { toastError, toastSuccess } from './toasts';

/** Spec part 2, 4.1: a domain ACTIVE or SUSPENDED, a subdomain ACTIVE or PENDING, may be deleted. */
export const mayDelete = (d: { status: string; is_subdomain: boolean }) => (d.is_subdomain ? ['ACTIVE', 'PENDING'] : ['ACTIVE', 'SUSPENDED']).includes(d.status);

/** Schedules the deletion; the drawer closes and the list shows the domain DELETING until its task ends. */
export async function removeDomain(guid: string): Promise<void> {
  try {
    const answer = await deleteDomain(api, guid);
    toastSuccess(answer.message);
    closeDomain();
    await domainsList.load();
  } catch (error) {
    toastError(error);
    await openDomain(guid);
  }
}
