import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { SafeHtml } from '../../components/SafeHtml';
import { $support, loadSupportArticle } from '../../stores/support';

/** The page title (also the document title) and, for pages that have one, the support info button. */
export function PageHeading({ title, supportId }: { title: string; supportId?: string | undefined }) {
  return (
    <div className="page-heading">
      <h1>{title}</h1>
      {supportId ? (
        <Dialog
          title={title}
          size="sm"
          trigger={
            <button type="button" className="icon-button" aria-label={`Help about ${title}`}>
              <Icon name="info" />
            </button>
          }
        >
          <SupportContent id={supportId} />
        </Dialog>
      ) : null}
    </div>
  );
}

/**
 * The knowledge-base article the server holds for the id, else the sentence naming it; no
 * artificial delay. `titled`: its own heading, when the dialog's title is not already the article's.
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
