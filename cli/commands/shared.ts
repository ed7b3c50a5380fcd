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

/**
 * A row named on the command line by its guid or its name (any case), as the lists show them:
 * one match, or a sentence saying there is none (with `none` as the hint) or that several share the name.
 */
export function findByNameOrGuid<T extends { guid: string; name: string }>(rows: readonly T[], wanted: string, words: { kind: string; none: string }): T {
  const byGuid = GUID.test(wanted) ? rows.find((g) => g.guid === wanted.toLowerCase()) : undefined;
  const named = rows.filter((g) => g.name.toLowerCase() === wanted.trim().toLowerCase());
  const found = byGuid ?? (named.length === 1 ? named[0] : undefined);
  if (found) return found;
  if (named.length > 1) {
    throw new CliError(`${named.length} ${words.kind}s are named ${wanted}.`, { hint: `Give the ${words.kind}'s guid instead: ${named.map((g) => g.guid).join(', ')}.` });
  }
  throw new CliError(`No ${words.kind} ${wanted} was found.`, { hint: words.none });
}

/** `--group` takes a group's guid or its name (any case), as the groups list shows them. */
export async function findGroup(api: Api, wanted: string): Promise<DomainGroup> {
  const groups = await allGroups(api);
  return findByNameOrGuid(groups, wanted, {
    kind: 'domain group',
    none: groups.length ? 'See the groups with `hostdeck groups list`.' : 'This company has no domain groups yet; create one in the panel.',
  });
}

/** Dates in tables: the day and minute in UTC, the same on every computer. */
export const shortDate = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '');

/**
 * A page of the panel that serves the API the CLI talks to: the API's address without its
 * `/api` (the reference API lives there), else its origin.
 */
export function panelLink(ctx: Context, path: string): string {
  const api = new URL(ctx.apiUrl);
  const base = api.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
  return `${api.origin}${base}${path}`;
}
