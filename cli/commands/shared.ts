import type { Api, ApiOptions } from '../../src/lib/api/client';
import type { DomainGroup } from '../../src/lib/api/domains';
import { listDomainGroups } from '../../src/lib/requests/domains';
import type { Page } from '../../src/lib/schemas/lists';
import { PICKER_PAGE_SIZE } from '../../src/lib/schemas/lists';
import type { Context } from '../context';
import { CliError } from '../errors';
import { notSignedIn } from './whoami';

/** The commands that act for a company: the saved credentials' client, or "not signed in". */
export function signedIn(ctx: Context): { api: Api; options: ApiOptions } {
  const credentials = ctx.savedCredentials();
  if (!credentials) throw notSignedIn(ctx);
  return { api: ctx.api(credentials), options: ctx.apiOptions(credentials) };
}

/** Every row of a paged list, `perPage` at a time. */
export async function allPages<T>(read: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await read(page);
    rows.push(...answer.data);
    if (answer.data.length === 0 || rows.length >= answer.total) return rows;
  }
}

export const allGroups = (api: Api) => allPages((page) => listDomainGroups(api, { page, per_page: PICKER_PAGE_SIZE }));

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `--group` takes a group's guid or its name (any case), as the groups list shows them. */
export async function findGroup(api: Api, wanted: string): Promise<DomainGroup> {
  const groups = await allGroups(api);
  const byGuid = GUID.test(wanted) ? groups.find((g) => g.guid === wanted.toLowerCase()) : undefined;
  const named = groups.filter((g) => g.name.toLowerCase() === wanted.trim().toLowerCase());
  const found = byGuid ?? (named.length === 1 ? named[0] : undefined);
  if (found) return found;
  if (named.length > 1) {
    throw new CliError(`${named.length} domain groups are named ${wanted}.`, { hint: `Give the group's guid instead: ${named.map((g) => g.guid).join(', ')}.` });
  }
  throw new CliError(`No domain group ${wanted} was found.`, {
    hint: groups.length ? 'See the groups with `hostdeck groups list`.' : 'This company has no domain groups yet; create one in the panel.',
  });
}

/** Dates in tables: the day and minute in UTC, the same on every computer. */
export const shortDate = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '');
