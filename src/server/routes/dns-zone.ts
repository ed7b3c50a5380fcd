import { eq, inArray } from 'drizzle-orm';
import { exportZoneFileOp, importZoneFileOp, addDnsRecordOp, deleteDnsRecordOp, getDnsZoneOp, restoreDnsZoneOp, updateDnsRecordOp, zoneHistoryOp } from '../../lib/api/dns-zone';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { countRows, pageOfRows } from '../db/lists';
import { dnsZoneVersions, users } from '../db/schema/index';
import { implement } from '../http/operation';
import { zoneFileOf } from '../services/zone-file';
import { addRecordSet, deleteRecordSet, updateRecordSet } from '../services/dns-records';
import { importZoneText, restoreVersion } from '../services/dns-zone-replace';
import { diffOf, snapshotOf, versionsOf, visibleZone, zoneAnswer, type ZoneEditor } from '../services/dns-zones';

/** Spec part 2, 8: the panel's sentences for a record change. */
const DONE = { add: 'DNS record successfully created!', update: 'DNS record successfully updated!', delete: 'DNS record successfully deleted!' } as const;

/** The signed-in member changing a zone now. */
const editorOf = (c: Context<AppEnv>): ZoneEditor => ({ db: c.var.deps.db, by: c.var.viewer.userGuid, now: c.var.deps.now() });

/** The DNS Zone panel (spec part 2, 2.6 and 7.4) and the zone's history (issue 8, "Beyond the original"). */
export const dnsZoneOperations = [
  implement(getDnsZoneOp, async (c, { params }) => {
    const { zone, domain } = await visibleZone(c.var.deps.db, c.var.company, params.guid, getDnsZoneOp.notFound);
    return zoneAnswer(c.var.deps.db, zone, domain);
  }),

  implement(addDnsRecordOp, async (c, { params, body }) => {
    const target = await visibleZone(c.var.deps.db, c.var.company, params.guid, addDnsRecordOp.notFound);
    return { message: DONE.add, zone: await addRecordSet(editorOf(c), target, body) };
  }),

  implement(updateDnsRecordOp, async (c, { params, body }) => {
    const target = await visibleZone(c.var.deps.db, c.var.company, params.guid, updateDnsRecordOp.notFound);
    return { message: DONE.update, zone: await updateRecordSet(editorOf(c), target, body) };
  }),

  implement(deleteDnsRecordOp, async (c, { params }) => {
    const target = await visibleZone(c.var.deps.db, c.var.company, params.guid, 'Domain not found.');
    return { message: DONE.delete, zone: await deleteRecordSet(editorOf(c), target, params, deleteDnsRecordOp.notFound) };
  }),

  implement(zoneHistoryOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const { zone } = await visibleZone(db, c.var.company, params.guid, zoneHistoryOp.notFound);
    return pageOfRows(
      query,
      async (limit, offset) => {
        // One version more than the page: the last one's diff is against it.
        const rows = await versionsOf(db, zone.guid, limit + 1, offset);
        const authors = rows.map((r) => r.changedBy).filter((g): g is string => g !== null);
        const people = authors.length
          ? await db.select({ guid: users.guid, first: users.firstName, last: users.lastName, email: users.email }).from(users).where(inArray(users.guid, authors))
          : [];
        return rows.slice(0, limit).map((r, i) => {
          const by = people.find((p) => p.guid === r.changedBy);
          return {
            version: r.version,
            serial: r.serial,
            summary: r.summary,
            changed_by: by ? { name: `${by.first} ${by.last}`.trim(), email: by.email } : null,
            date_created: r.dateCreated.toISOString(),
            diff: diffOf(rows[i + 1]?.snapshot ?? null, r.snapshot),
          };
        });
      },
      () => countRows(db, dnsZoneVersions, eq(dnsZoneVersions.zoneGuid, zone.guid)),
    );
  }),

  implement(restoreDnsZoneOp, async (c, { params }) => {
    const target = await visibleZone(c.var.deps.db, c.var.company, params.guid, 'Domain not found.');
    return { message: 'DNS zone successfully restored!', zone: await restoreVersion(editorOf(c), target, params.version, restoreDnsZoneOp.notFound) };
  }),

  implement(exportZoneFileOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const { zone, domain } = await visibleZone(db, c.var.company, params.guid, exportZoneFileOp.notFound);
    const filename = `${domain}-${now().toISOString().slice(0, 10)}.zone`;
    return new Response(zoneFileOf(domain, await snapshotOf(db, zone)), {
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'X-Suggested-Filename': filename,
        'Cache-Control': 'no-store',
      },
    });
  }),

  implement(importZoneFileOp, async (c, { params, body }) => {
    const target = await visibleZone(c.var.deps.db, c.var.company, params.guid, importZoneFileOp.notFound);
    const { summary, zone } = await importZoneText(editorOf(c), target, body);
    return { message: zone ? 'DNS zone successfully imported!' : null, ...summary, zone };
  }),
];
