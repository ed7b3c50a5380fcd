import type { Context } from 'hono';
import { addDomainsOp, exportDomainsOp, exportSelectedDomainsOp, getDomainOp, getNotesOp, listDomainsOp, saveNotesOp, selectableDomainsOp } from '../../lib/api/domains';
import { hasScopes } from '../../lib/rules/scopes';
import type { ExportField, ExportSortField } from '../../lib/schemas/domain-export';
import type { AppEnv } from '../context';
import { exportAnswer } from '../http/download';
import { forbidden } from '../http/errors';
import { implement } from '../http/operation';
import { addDomains } from '../services/add-domains';
import { visibleDomain, visibleDomainGroup } from '../services/domain-access';
import { exportStream } from '../services/domain-export';
import { domainDetail, domainsPage, notesOf, saveNotes, selectableDomains } from '../services/domains';

/** What an export is asked for, parsed from the query or the body. */
interface DomainExportChoices {
  group: string;
  output_type: 'CSV' | 'JSON';
  fields: readonly ExportField[];
  selected_domains?: readonly string[] | undefined;
  sort_field: ExportSortField;
  sort_dir: 'ASC' | 'DESC';
}

/** The export as a streamed file (spec part 2, 2.3 "Export"), whether the choices came in the query or the body. */
async function exportFile(c: Context<AppEnv>, choices: DomainExportChoices): Promise<Response> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  const group = await visibleDomainGroup(db, company, choices.group, 'Domain group not found.');
  // Admin passwords leave only for those who may reveal them one by one.
  if (choices.fields.includes('software_password') && !hasScopes(company.permissions, ['can_edit_software_installation'])) {
    throw forbidden('Exporting software passwords needs the permission to see software installations.');
  }
  const body = exportStream(db, {
    companyGuid: company.guid,
    group: group.guid,
    fields: [...new Set(choices.fields)],
    selected: choices.selected_domains,
    sortField: choices.sort_field,
    sortDir: choices.sort_dir,
    format: choices.output_type,
    includeSubdomains: group.includeSubdomainsInList,
  });
  return exportAnswer(body, choices.output_type, group.name, 'domains', now());
}

/** The domain list and one domain (spec part 2, 2.3, 2.5, 7.2 and 7.3). */
export const domainOperations = [
  implement(listDomainsOp, async (c, { query }) => domainsPage(c.var.deps.db, c.var.company, query, c.var.deps.now())),

  implement(selectableDomainsOp, async (c, { query }) => selectableDomains(c.var.deps.db, c.var.company, query)),

  implement(getDomainOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    return domainDetail(db, await visibleDomain(db, c.var.company, params.guid, getDomainOp.notFound), now());
  }),

  implement(addDomainsOp, async (c, { body }) => {
    const { task, added } = await addDomains(c, body.domains);
    const n = added.length;
    return { message: `${n} ${n === 1 ? 'domain is' : 'domains are'} being added.`, task, domains: added.map((d) => ({ guid: d.guid, domain: d.domain })) };
  }),

  implement(exportDomainsOp, (c, { query }) => exportFile(c, query)),
  implement(exportSelectedDomainsOp, (c, { body }) => exportFile(c, body)),

  implement(getNotesOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const d = await visibleDomain(db, c.var.company, params.guid, getNotesOp.notFound);
    return { notes: await notesOf(db, d.guid) };
  }),

  implement(saveNotesOp, async (c, { params, body }) => {
    const { db, now } = c.var.deps;
    const d = await visibleDomain(db, c.var.company, params.guid, saveNotesOp.notFound);
    await saveNotes(db, d.guid, body.notes, c.var.viewer.userGuid, now());
    return { message: 'Notes successfully updated!', notes: body.notes };
  }),
];
