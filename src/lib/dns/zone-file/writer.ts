import { labelsBelow, nameText, type Labels } from './names';
import { quotedText, rdataText, type Rdata } from './rdata';

/** A record to write: its owner absolute, its TTL (none: the file's $TTL). */
export interface WrittenRecord {
  owner: Labels;
  ttl?: number;
  type: string;
  rdata: Rdata;
}

/** An owner as written under $ORIGIN: `@` for the apex, the labels below it otherwise. */
function ownerText(owner: Labels, origin: Labels): string {
  if (owner.length === origin.length) return '@';
  return nameText(labelsBelow(owner, origin)).slice(0, -1);
}

/**
 * A zone file BIND reads back as these records: `$ORIGIN` and `$TTL` first, owners relative to
 * the origin, names in the data absolute, the SOA's numbers one a line with what each is.
 * Every owner must be the origin or below it.
 */
export function writeZoneFile(origin: Labels, ttl: number, records: readonly WrittenRecord[]): string {
  const lines = [`$ORIGIN ${nameText(origin)}`, `$TTL ${ttl}`];
  for (const r of records) {
    const head = [ownerText(r.owner, origin), ...(r.ttl === undefined ? [] : [String(r.ttl)]), 'IN', r.type].join('\t');
    if (r.rdata.kind === 'SOA') {
      const s = r.rdata;
      lines.push(
        `${head}\t${nameText(s.mname)} ${nameText(s.rname)} (`,
        `\t\t\t${s.serial}\t; serial`,
        `\t\t\t${s.refresh}\t; refresh`,
        `\t\t\t${s.retry}\t; retry`,
        `\t\t\t${s.expire}\t; expire`,
        `\t\t\t${s.minimum}\t; minimum`,
        '\t\t\t)',
      );
    } else if (r.rdata.kind === 'TXT' && r.rdata.strings.length > 1) {
      // A long text, one string of at most 255 octets a line.
      const strings = r.rdata.strings.map((o) => quotedText(o));
      lines.push(`${head}\t( ${strings[0]}`, ...strings.slice(1, -1).map((s) => `\t\t\t${s}`), `\t\t\t${strings.at(-1)} )`);
    } else lines.push(`${head}\t${rdataText(r.rdata)}`);
  }
  return `${lines.join('\n')}\n`;
}
