import { Hono } from 'hono';
import { count } from 'drizzle-orm';
import { ipListQuery } from '../../lib/api/ip-addresses';
import type { AppEnv } from '../context';
import { ipAddresses } from '../db/schema/index';
import { scope } from '../auth/middleware';
import { notFound } from '../http/errors';
import { readQuery } from '../http/validate';
import { ipGroupVisible, ipListFilter, ipListJson } from '../services/ip-list';

/** IP addresses of the company (spec part 3, 2.2 and 7); lists of up to 99,999 rows. */
export const ipAddressRoutes = new Hono<AppEnv>().get('/', scope('can_view_ip_addresses'), async (c) => {
  const q = readQuery(c, ipListQuery);
  const { db } = c.var.deps;
  const company = c.var.company;
  if (q.group && !(await ipGroupVisible(db, company, q.group))) throw notFound('IP address group not found.');
  const filter = ipListFilter(company, q.group, q.search ?? []);
  const [data, [total]] = await Promise.all([
    ipListJson(db, filter, company.guid, q.per_page, (q.page - 1) * q.per_page),
    db.select({ n: count() }).from(ipAddresses).where(filter),
  ]);
  // The rows arrive as JSON text from the database; only the envelope is added here.
  c.header('Content-Type', 'application/json; charset=UTF-8');
  return c.body(`{"data":${data},"page":${q.page},"per_page":${q.per_page},"total":${Number(total?.n ?? 0)}}`);
});
