import '../styles/flag.css';

/**
 * The flag of every country flag-icons draws (LIBRARIES.md, 18: emoji flags show as two letters
 * or an empty box on Windows and many Linux desktops), as files of the build: `no-inline` keeps
 * each one out of the script, so a page loads only the flags it shows.
 */
const FLAG_FILES = import.meta.glob<string>('/node_modules/flag-icons/flags/4x3/*.svg', { query: '?url&no-inline', import: 'default', eager: true });

/** The address of a two-letter country code's flag, or null for a code it has none for. */
export function flagUrl(code: string | null | undefined): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  return FLAG_FILES[`/node_modules/flag-icons/flags/4x3/${code.toLowerCase()}.svg`] ?? null;
}

/**
 * A country's flag as an image beside its name. Decorative (empty alt): the country is always
 * named in the text next to it, so a screen reader hears it once.
 */
export function Flag({ code }: { code: string | null | undefined }) {
  const src = flagUrl(code);
  if (!src) return null;
  return <img className="flag" src={src} alt="" width={20} height={15} loading="lazy" decoding="async" />;
}
