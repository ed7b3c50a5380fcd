import { Checkbox } from '../../components/Checkbox';
import { ExportDialog } from '../../components/export/ExportDialog';
import { IP_EXPORT_FIELDS, IP_EXPORT_LABELS } from '../../lib/schemas/ip-addresses';
import { $ipExportResult, exportForm, type IpExportValues } from '../../stores/ip-addresses';

/** Export (spec part 3, 2.2, 5 "Export" and 9), then its results in the same dialog. */
export function IpExportDialog({ hasSelection }: { hasSelection: boolean }) {
  const initial: IpExportValues = { fields: [...IP_EXPORT_FIELDS], sort_field: 'ip_address', sort_dir: 'ASC', output_type: 'CSV', only_selected: hasSelection };
  return (
    <ExportDialog
      controller={exportForm}
      initial={initial}
      $result={$ipExportResult}
      noun={{ one: 'IP address', many: 'IP addresses' }}
      fields={IP_EXPORT_FIELDS}
      sortFields={IP_EXPORT_FIELDS}
      labels={IP_EXPORT_LABELS}
      selection={(form) =>
        hasSelection ? <Checkbox label="Only the selected IP addresses" checked={form.values.only_selected} onCheckedChange={(on) => form.set('only_selected', on)} /> : null
      }
    />
  );
}
