import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { SafeHtml } from './SafeHtml';
import { $support, loadSupportArticle } from '../stores/support';

/**
 * The knowledge-base article the server holds for the id, else the sentence naming it; no
 * artificial delay. `titled`: its own heading, when the dialog's title is not already the article's.
 * Shown by a page heading's info button (the shell) and by the Support page.
 */
export function SupportContent({ id, titled = true }: { id: string; titled?: boolean }) {
  const state = useStore($support)[id];
  useEffect(() => {
    void loadSupportArticle(id);
  }, [id]);
  if (!state || state.status === 'loading') return <p className="muted">Loading...</p>;
  if (state.status === 'none') return <p>View support content for {id}</p>;
  return (
    <article>
      {titled ? <h2>{state.article.title}</h2> : null}
      <SafeHtml html={state.article.content} />
    </article>
  );
}
