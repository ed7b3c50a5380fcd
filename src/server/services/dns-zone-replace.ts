import type { ParsedInput } from '../../lib/api/define';
import type { DnsZone, importZoneFileOp } from '../../lib/api/dns-zone';
import { importChangeWords, importNeedsConfirmation } from '../../lib/schemas/dns';
import type { ZoneSnapshot } from '../db/schema/index';
import { ApiProblem, notFound, problem } from '../http/errors';
import { changeZone, snapshotOf, versionOf, writeSnapshot, zoneAnswer, type ZoneEditor, type ZoneTarget } from './dns-zones';
import { previewImport, type ImportPreview } from './zone-file';

/**
 * A zone's records replaced as a whole, as one change of its history: an earlier version
 * restored, or a BIND zone file imported (issue 8 and issue 31).
 */

type ZoneImport = ParsedInput<typeof importZoneFileOp>['body'];

/** What an import changes, as its answer lists it. */
export type ImportSummary = Pick<ImportPreview, 'records' | 'added' | 'removed' | 'errors'>;

/** Writes version `version` back as the zone's next one. */
export async function restoreVersion(editor: ZoneEditor, { zone, domain }: ZoneTarget, version: number, message: string): Promise<DnsZone> {
  const { zone: updated } = await changeZone(editor, zone.guid, `Restored version ${version}`, async (tx, z) => {
    const old = await versionOf(tx, z.guid, version);
    if (!old) throw notFound(message);
    await writeSnapshot(tx, z, old.snapshot);
  });
  return zoneAnswer(editor.db, updated, domain);
}

/**
 * The import of `text` read against the zone as it stands. A text that is no zone file would
 * empty the zone: it is refused, whether previewed or applied.
 */
function readImport(domain: string, text: string, current: ZoneSnapshot): ImportPreview {
  const preview = previewImport(domain, text, current);
  if ('unreadable' in preview)
    throw new ApiProblem(400, { errors: preview.unreadable.map((p) => (p.line === null ? p.message : `Line ${p.line}: ${p.message}`)), code: 'zone_file_unreadable' });
  return preview;
}

const summaryOf = ({ records, added, removed, errors }: ImportPreview): ImportSummary => ({ records, added, removed, errors });

/**
 * Previews a zone file, or with `apply` imports it. The apply reads the file against the zone
 * under its lock, so the removals it asks to confirm are the ones it makes.
 */
export async function importZoneText(editor: ZoneEditor, { zone, domain }: ZoneTarget, body: ZoneImport): Promise<{ summary: ImportSummary; zone: DnsZone | null }> {
  if (!body.apply) return { summary: summaryOf(readImport(domain, body.zone_file, await snapshotOf(editor.db, zone))), zone: null };
  const summary = (p: ImportPreview) => `Imported a zone file (${p.added.length} added, ${p.removed.length} removed)`;
  const { zone: updated, done } = await changeZone(editor, zone.guid, summary, async (tx, z) => {
    const preview = readImport(domain, body.zone_file, await snapshotOf(tx, z));
    if (preview.errors.length) throw problem(400, 'The zone file has lines that cannot be imported: mend them, then import again.', { code: 'zone_file_invalid' });
    if (importNeedsConfirmation(preview) && !body.confirm_removals) {
      const sentence = `This zone file ${importChangeWords(preview)}: please confirm the removals.`;
      throw problem(409, sentence, { code: 'removals_not_confirmed', fields: { confirm_removals: sentence } });
    }
    await writeSnapshot(tx, z, preview.snapshot);
    return preview;
  });
  return { summary: summaryOf(done), zone: await zoneAnswer(editor.db, updated, domain) };
}
