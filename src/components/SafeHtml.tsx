import { useEffect, useState } from 'react';
import type { DOMPurify as Purifier } from 'dompurify';

/**
 * What server HTML may keep: markup only. Scripts and event-handler attributes go (DOMPurify's
 * defaults), and so do inline styles, which the Content Security Policy would refuse anyway,
 * and forms, which have no place in a notice.
 */
const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  FORBID_ATTR: ['style'],
};

let purifier: Promise<Purifier> | undefined;
/**
 * DOMPurify is loaded the first time there is HTML to clean, so pages without server HTML do
 * not ship it. Links that open a new window must not hand it our window (reverse tabnabbing).
 */
function loadPurifier(): Promise<Purifier> {
  purifier ??= import('dompurify').then(({ default: DOMPurify }) => {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
    return DOMPurify;
  });
  return purifier;
}

export interface SafeHtmlProps {
  /** HTML from the server (announcements, issue notices, email bodies, articles). */
  html: string;
  className?: string;
  as?: 'div' | 'span';
}

/**
 * Renders server HTML after sanitising it with DOMPurify. DOMPurify needs a DOM, so the
 * sanitising runs in an effect (never during server rendering); until then nothing shows.
 */
export function SafeHtml({ html, className, as: Tag = 'div' }: SafeHtmlProps) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void loadPurifier().then((p) => {
      if (current) setClean(p.sanitize(html, CONFIG));
    });
    return () => {
      current = false;
    };
  }, [html]);
  if (clean === null) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the one place HTML is shown, and only after DOMPurify has cleaned it (above).
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
