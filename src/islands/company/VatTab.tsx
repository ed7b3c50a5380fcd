import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Confirm } from '../../components/Confirm';
import { DateTime } from '../../components/DateTime';
import { FormDialog } from '../../components/FormDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { VatIdRow } from '../../lib/api/company-vat';
import { EDIT_VAT_SCOPES, VAT_HINT } from '../../lib/schemas/company-vat';
import { $vatBusy, disableVatId, vatForm, vatList } from '../../stores/company-settings';
import { useCompanyCan } from './use-company-can';

function DisableVat({ vat }: { vat: VatIdRow }) {
  const can = useCompanyCan();
  const busy = useStore($vatBusy) !== null;
  // Spec part 3, 4 and 6: only an ACTIVE id can be disabled, with can_edit_vat.
  if (vat.status !== 'ACTIVE' || !can(EDIT_VAT_SCOPES)) return null;
  return (
    <Confirm
      title="Disable VAT id"
      message={`Are you sure you want to disable the VAT id ${vat.vat_id}? Invoices issued from now on will not carry it.`}
      confirmLabel="Disable"
      onConfirm={() => disableVatId(vat.guid)}
      trigger="Disable"
      triggerSize="small"
      triggerVariant="danger"
      triggerDisabled={busy}
      triggerAriaLabel={`Disable ${vat.vat_id}`}
    />
  );
}

const column = pagedColumnHelper<VatIdRow>();
const columns = column.columns([
  column.accessor('vat_id', { header: 'VAT id', enableHiding: false, meta: { className: 'mono' } }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  column.accessor('date_updated', { header: 'Updated', cell: ({ getValue }) => (getValue() ? <DateTime value={getValue()!} /> : '-') }),
  actionsColumn(column, 'actions', (vat) => <DisableVat vat={vat} />),
]);

const vatRowId = (v: VatIdRow) => v.guid;

function AddVatDialog() {
  const { form, dialog } = useFormDialog(vatForm, { initial: { vat_id: '' } });
  return (
    <FormDialog title="Add VAT id" {...dialog} trigger="Add VAT id" triggerVariant="primary" submitLabel="Add">
      <TextField
        label="VAT id"
        placeholder={VAT_HINT}
        autoComplete="off"
        hint={`For example ${VAT_HINT}. Invoices issued from now on carry it; the active one before is disabled.`}
        {...form.text('vat_id')}
      />
    </FormDialog>
  );
}

/** Company > VAT (spec part 3, 2.9): the VAT ids with their status and dates; add and disable with can_edit_vat. */
export function VatTab({ company }: { company: string }) {
  const can = useCompanyCan();
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again when another company is shown; the list reads which one from its store.
  useEffect(() => {
    void vatList.load(1);
  }, [company]);
  return (
    <section aria-label="VAT">
      {can(EDIT_VAT_SCOPES) ? (
        <div className="toolbar">
          <AddVatDialog />
        </div>
      ) : null}
      <PagedTable caption="VAT ids" columns={columns} list={vatList} getRowId={vatRowId} empty="No VAT ids yet." columnsKey="company-vat" />
    </section>
  );
}
