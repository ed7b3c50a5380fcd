import { cpanelLogin, softwareLogin } from '../lib/requests/domain-login';
import { api } from './api';
import { environment } from './environment';
import { toastError } from './toasts';

export type SignInTarget = 'software' | 'cpanel';

/**
 * Opens the software's admin or the control panel signed in, in a new window (spec part 2, 7.2:
 * "answer redirect_url, opened in a new window"). The window is opened at the click, before the
 * link is asked for, so no popup blocker stops it; it is closed again if the link is refused.
 */
export async function openSignIn(target: SignInTarget, domain: string): Promise<void> {
  const tab = environment().openTab();
  try {
    const { redirect_url } = await (target === 'software' ? softwareLogin : cpanelLogin)(api, domain);
    tab.show(redirect_url);
  } catch (error) {
    tab.close();
    toastError(error);
  }
}
