import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import {
  createCancellationOp,
  createIpGroupOp,
  exportIpAddressesOp,
  exportSelectedIpAddressesOp,
  getIpGroupOp,
  ipBulkActionOp,
  moveIpAddressesOp,
  setDirectAccessOp,
  setHttpVersionOp,
  updateIpAddressOp,
  updateIpGroupOp,
} from '../../lib/api/ip-addresses';
import { CANCELLATION_SUBMITTED, type IpExportField } from '../../lib/schemas/ip-addresses';
import type { AppEnv } from '../context';
import { ipAddresses } from '../db/schema/index';
import { implement } from '../http/operation';
import { exportAnswer } from '../http/download';
import { cancelIpAddresses } from '../billing/ip-cancellation';
import { filterWhere, resolveSelection, type IpSelectionInput } from '../services/ip-selection';
import { ipExportStream } from '../services/ip-export';
import { createIpGroup, renameIpGroup, visibleGroup } from '../services/ip-groups';
import { moveIpAddresses, setHttpVersionInBulk, setIpDirectAccess, setIpHttpVersion, setIpSignature } from '../services/ip-address-settings';

const UPDATED = 'IP addresses successfully updated!';

interface ExportChoices {
  group: string;
  output_type: 'CSV' | 'JSON';
  fields: readonly IpExportField[];
  sort_field: IpExportField;
  sort_dir: 'ASC' | 'DESC';
}

/** The export as a streamed file named after the group and the day (as the domain export is). */
async function exportFile(c: Context<AppEnv>, choices: ExportChoices, selection: IpSelectionInput | null, search: readonly string[]): Promise<Response> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  const group = await visibleGroup(db, company, choices.group);
  // The list's rows whatever their state: an export shows what the table shows.
  const where = selection
    ? and((await resolveSelection(db, company, selection, { anyStatus: true })).where, eq(ipAddresses.groupGuid, group.guid))!
    : filterWhere(company, { group: group.guid, search });
  const body = ipExportStream(db, { where, fields: [...new Set(choices.fields)], sortField: choices.sort_field, sortDir: choices.sort_dir, format: choices.output_type });
  return exportAnswer(body, choices.output_type, group.name, 'ip-addresses', now());
}

/** The IP group page's actions (spec part 3, 2.2, 4, 5 and 7 "IP addresses"). */
export const ipActionOperations = [
  implement(updateIpAddressOp, async (c, { params, body }) => {
    const signature = await setIpSignature(c.var.deps.db, c.var.company, params.guid, body.signature);
    return { message: 'IP address signature successfully updated!', signature };
  }),

  implement(moveIpAddressesOp, async (c, { body }) => {
    const moved = await moveIpAddresses(c.var.deps.db, c.var.company, body);
    return { message: 'IP addresses successfully moved!', updated: moved };
  }),

  implement(ipBulkActionOp, async (c, { body }) => {
    const { updated, skippedShared } = await setHttpVersionInBulk(c.var.deps.db, c.var.company, body);
    return { message: UPDATED, updated, skipped_shared: skippedShared };
  }),

  implement(setHttpVersionOp, async (c, { params, body }) => {
    await setIpHttpVersion(c.var.deps.db, c.var.company, params.guid, body.version);
    return { message: UPDATED, http_version: body.version };
  }),

  implement(setDirectAccessOp, async (c, { params, body }) => {
    await setIpDirectAccess(c.var.deps.db, c.var.company, params.guid, body.status);
    return { message: UPDATED, direct_access: body.status };
  }),

  implement(createIpGroupOp, async (c, { body }) => ({ message: 'Group successfully created!', group: await createIpGroup(c.var.deps.db, c.var.company, body.name) })),

  implement(getIpGroupOp, async (c, { params }) => visibleGroup(c.var.deps.db, c.var.company, params.guid)),

  implement(updateIpGroupOp, async (c, { params, body }) => ({
    message: 'Group successfully updated!',
    group: await renameIpGroup(c.var.deps.db, c.var.company, params.guid, body.name),
  })),

  implement(exportIpAddressesOp, (c, { query }) =>
    exportFile(c, query, query.selected_ip_addresses?.length ? { ip_addresses: query.selected_ip_addresses } : null, query.search ?? []),
  ),
  implement(exportSelectedIpAddressesOp, (c, { body }) => exportFile(c, body, body, [])),

  implement(createCancellationOp, async (c, { body }) => {
    const made = await cancelIpAddresses(c, body);
    return { message: CANCELLATION_SUBMITTED, guid: made.guid, ip_address_count: made.count, date_effective: made.effective.toISOString() };
  }),
];
