/**
 * localStorage keys of the preferences. Kept apart from the stores so the pre-paint theme
 * script can read them without loading nanostores.
 */
export const PREFERENCE_PREFIX = 'hostdeck:pref:';
export const DARK_KEY = `${PREFERENCE_PREFIX}dark`;
export const SIDEBAR_KEY = `${PREFERENCE_PREFIX}sidebar`;
/** Below this width the sidebar starts collapsed until the person chooses (spec part 1, 9). */
export const SIDEBAR_COLLAPSE_BELOW = 640;
export const DARK_CLASS = 'dark';
