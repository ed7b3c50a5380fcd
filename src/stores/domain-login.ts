import { cpanelLogin, softwareLogin } from '../lib/requests/domain-login';
import { api } from './api';
import { toastError } from './toasts';

export type SignInTarget = 'software' | 'cpanel';

/**
 * Opens the software's admin or the control panel signed in, in a new window (spec part 2, 7.2:
 * "answer redirect_url, opened in a new window"). The window is opened at the click, before the
 * link is asked for, so no popup blocker stops it; it is closed again if the link is refused.
 */
export async function openSignIn(target: SignInTarget, domain: string): Promise<void> {
  const opened = window.open('about:blank', '_blank');
  // The new page must not be able to reach back into the panel.
  if (opened) opened.opener = null;
  try {
    const { redirect_url } = await (target === 'software' ? softwareLogin : cpanelLogin)(api, domain);
    if (opened) opened.location.href = redirect_url;
    else window.location.assign(redirect_url);
  } catch (error) {
    opened?.close();
    toastError(error);
  }
}
