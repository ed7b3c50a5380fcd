import { exportDomains } from '../lib/requests/domains';
import { domainExportQuery, type ExportField, type ExportSortField } from '../lib/schemas/domain-export';
import { api } from './api';
import { createExportResult } from './export-file';
import { createForm } from './form';

/** What the export dialog holds (spec part 2, 9 "Export"). */
export interface ExportValues {
  group: string;
  fields: ExportField[];
  sort_field: ExportSortField;
  sort_dir: 'ASC' | 'DESC';
  output_type: 'CSV' | 'JSON';
  /** Only the selected domains (when some are selected). */
  selected_domains: string[];
}

const exportFile = createExportResult();
export const $exportResult = exportFile.$result;

export const exportForm = createForm({
  schema: domainExportQuery,
  input: (values: ExportValues) => ({ ...values, selected_domains: values.selected_domains.length ? values.selected_domains : undefined }),
  send: async (query) => {
    const file = await exportDomains(api, query);
    return exportFile.keep(file, query.output_type, query.fields);
  },
});
