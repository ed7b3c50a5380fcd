import { Dialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';

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
          {/* No artificial delay: the server holds no article for this id yet (spec decisions, 2). */}
          <p>View support content for {supportId}</p>
        </Dialog>
      ) : null}
    </div>
  );
}
