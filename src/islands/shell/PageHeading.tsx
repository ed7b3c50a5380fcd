import { Dialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { SupportContent } from '../../components/SupportContent';

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
