/** News modified within this many days carries the NEW tag (spec part 1, 9: one week). */
export const NEWS_NEW_DAYS = 7;

export function isNewNews(dateModified: string, now: Date = new Date()): boolean {
  const modified = new Date(dateModified).getTime();
  if (Number.isNaN(modified)) return false;
  return now.getTime() - modified <= NEWS_NEW_DAYS * 24 * 60 * 60 * 1000;
}
