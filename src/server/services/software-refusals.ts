import { problem } from '../http/errors';

/**
 * Spec part 2, 8: the sentences a call about a domain's software, or an account's cPanel,
 * answers when there is nothing to act on. The software tab, automatic sign-in and the hosting
 * account's password calls share them, and the refusals (409) that carry them.
 */
export const SOFTWARE_NOT_INSTALLED = 'Software is not installed!';
export const PASSWORD_UNAVAILABLE = 'Password is unavailable!';

export const softwareNotInstalled = () => problem(409, SOFTWARE_NOT_INSTALLED, { code: 'software_not_installed' });
export const passwordUnavailable = () => problem(409, PASSWORD_UNAVAILABLE, { code: 'password_unavailable' });
