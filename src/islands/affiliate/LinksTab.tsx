import { Fragment } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Confirm } from '../../components/Confirm';
import { DateTime } from '../../components/DateTime';
import { FormDialog } from '../../components/FormDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { AffiliateLink } from '../../lib/api/affiliate';
import { referralUrl } from '../../lib/rules/affiliate';
import { $linkBusy, createDefaultLink, customLinkForm, disableAffiliateLink, linksList, type CustomLinkValues } from '../../stores/affiliate';
import { humanise } from '../../lib/format/words';

/** Spec part 3, 6: can_add_domain_groups also gates the affiliate link creation buttons. */
const CREATE_SCOPE = 'can_add_domain_groups';

function DisableButton({ link }: { link: AffiliateLink }) {
  const busy = useStore($linkBusy) === link.guid;
  if (link.status !== 'ACTIVE' && link.status !== 'PENDING') return null;
  return (
    <Confirm
      title="Disable link"
      message={`Are you sure you want to disable the link ${link.link_hash}? It will stop counting visits.`}
      confirmLabel="Disable"
      onConfirm={() => disableAffiliateLink(link.guid)}
      trigger="Disable"
      triggerSize="small"
      triggerVariant="danger"
      triggerDisabled={busy}
      triggerAriaLabel={`Disable ${link.link_hash}`}
    />
  );
}

/** A URL that may wrap after each slash, and nowhere inside its words (its host, its hash). */
function BreakableUrl({ url }: { url: string }) {
  const parts = url.split('/');
  return (
    <span className="affiliate-url">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one address between its slashes, in place; two may read the same.
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? (
            <>
              /<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </span>
  );
}

const column = pagedColumnHelper<AffiliateLink>();
const columns = column.columns([
  column.accessor('link_hash', { header: 'Hash', enableHiding: false, cell: ({ getValue }) => <code className="nowrap">{getValue()}</code> }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} dateOnly /> }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('link_type', { header: 'Type', cell: ({ getValue }) => humanise(getValue()) }),
  column.display({
    id: 'example',
    header: 'Example URL',
    meta: { className: 'cell-wrap' },
    cell: ({ row: { original: l } }) => <BreakableUrl url={referralUrl(window.location.origin, l.link_hash)} />,
  }),
  actionsColumn(column, 'disable', (l) => <DisableButton link={l} />),
]);

const EMPTY: CustomLinkValues = { custom_hash: '', usage_description: '' };

function CustomLinkDialog() {
  const { form, dialog } = useFormDialog(customLinkForm, { initial: EMPTY });
  return (
    <FormDialog title="Request a Custom Link" {...dialog} submitLabel="Request" formClassName="affiliate-form" trigger="Request a Custom Link">
      <div className="form-wide">
        <TextField label="Brand name" hint="Lowercase letters a-z, digits 0-9 and hyphens." {...form.text('custom_hash')} />
      </div>
      <div className="form-wide">
        <TextField label="How and where will you use it?" {...form.text('usage_description')} />
      </div>
      <p className="muted form-wide">Custom links are reviewed by hand and work once approved.</p>
    </FormDialog>
  );
}

/** Links (spec part 3, 2.10): the table with disable, 'Create a Link' and 'Request a Custom Link'. */
export function LinksTab() {
  const busy = useStore($linkBusy) === 'create';
  return (
    <section aria-label="Links">
      <Can scope={CREATE_SCOPE}>
        <div className="affiliate-actions">
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void createDefaultLink()}>
            Create a Link
          </button>
          <CustomLinkDialog />
        </div>
      </Can>
      <PagedTable caption="Affiliate links" columns={columns} list={linksList} getRowId={(l) => l.guid} empty="No links yet." />
    </section>
  );
}
