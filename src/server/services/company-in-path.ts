import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { notFound } from '../http/errors';

/**
 * Calls that name a company in their path (/account/companies/{guid}/...) act only for the
 * company of the request, whose membership and scopes the access rules checked: any other
 * guid is not found, so another company's existence is never confirmed.
 */
export function companyInPath(c: Context<AppEnv>, guid: string, message: string): string {
  if (guid.toLowerCase() !== c.var.company.guid.toLowerCase()) throw notFound(message);
  return c.var.company.guid;
}
