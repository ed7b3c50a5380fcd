/**
 * localStorage keys of the preferences. Kept apart from the stores so the pre-paint theme
 * script can read them without loading nanostores.
 */
export const PREFERENCE_PREFIX = 'hostdeck:pref:';
export const DARK_KEY = `${PREFERENCE_PREFIX}dark`;
/**
 * Below this width the sidebar is a drawer over the page, closed until opened (the CSS's
 * phone layout uses the same width); above it, it is a column the person may collapse.
 */
export const DRAWER_BELOW = 768;
export const DARK_CLASS = 'dark';
