import { useStore } from '@nanostores/react';
import { Checkbox } from '../../components/Checkbox';
import { ExportDialog as ExportFileDialog } from '../../components/export/ExportDialog';
import { EXPORT_FIELDS, EXPORT_FIELD_LABELS, EXPORT_SORT_FIELDS, type ExportField } from '../../lib/schemas/domain-export';
import { $exportResult, exportForm, type ExportValues } from '../../stores/domain-export';
import { $permissions, can } from '../../stores/permissions';

const DEFAULT_FIELDS: ExportField[] = ['domain', 'ip_address', 'ip_address_country', 'ssl_certificate_status', 'software', 'whois_expires', 'health'];

/** Export (spec part 2, 2.3, 5 and 9): fields, sort, CSV or JSON, all of the group or the selected domains. */
export function ExportDialog({ group, selected }: { group: string; selected: readonly string[] }) {
  const permissions = useStore($permissions);
  const initial: ExportValues = { group, fields: DEFAULT_FIELDS, sort_field: 'domain', sort_dir: 'ASC', output_type: 'CSV', selected_domains: [] };
  // Admin passwords leave only for those who may reveal them (the server says the same).
  const offered = EXPORT_FIELDS.filter((f) => f !== 'software_password' || can('can_edit_software_installation', permissions));
  return (
    <ExportFileDialog
      controller={exportForm}
      initial={initial}
      $result={$exportResult}
      noun={{ one: 'domain', many: 'domains' }}
      fields={EXPORT_FIELDS}
      offered={offered}
      sortFields={EXPORT_SORT_FIELDS}
      labels={EXPORT_FIELD_LABELS}
      selection={(form) =>
        selected.length ? (
          <Checkbox
            label={`Only the ${selected.length} selected ${selected.length === 1 ? 'domain' : 'domains'}`}
            checked={form.values.selected_domains.length > 0}
            onCheckedChange={(on) => form.set('selected_domains', on ? [...selected] : [])}
          />
        ) : null
      }
    />
  );
}
