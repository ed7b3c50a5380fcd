/**
 * Spec part 2, 8: the sentences a call about a domain's software, or an account's cPanel,
 * answers when there is nothing to act on. The software tab, automatic sign-in and the hosting
 * account's password calls share them.
 */
export const SOFTWARE_NOT_INSTALLED = 'Software is not installed!';
export const PASSWORD_UNAVAILABLE = 'Password is unavailable!';
