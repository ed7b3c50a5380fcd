/** Shell data (bell, announcements, issue notices, overdue and suspended banners) reloads this often (spec part 1, 9). */
export const POLL_INTERVAL_MS = 60_000;
