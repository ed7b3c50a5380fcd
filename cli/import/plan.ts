import { z } from 'zod/mini';
import type { GroupIpAddress } from '../../src/lib/api/domains';
import { freeSlots, matchWrittenAddresses, slotTaker } from '../../src/lib/rules/address-slots';
import { NO_IP_LEFT, applyRowRules, newDomainSchema, parseImportLines, type ImportError, type NewDomainRow } from '../../src/lib/schemas/add-domains';

/** One domain of the import as `POST /domains/` takes it, with the line it came from. */
export interface PlannedRow extends NewDomainRow {
  line: number;
}

export interface ImportPlan {
  rows: PlannedRow[];
  /** Every line that cannot be imported, by line number. */
  errors: ImportError[];
  /** The lines that were not blank or repeated. */
  lines: number;
}

export interface PlanTarget {
  group: string;
  hostingAccount: { guid: string; account_type: string };
  ips: readonly GroupIpAddress[];
}

/**
 * Checks an import file and gives each row its address, exactly as the Add Domains wizard does
 * with its import text (docs/decisions.md "Adding domains"): the same line parser, the same
 * address matching and free-slot order (src/lib/rules/address-slots.ts), the same row rules and
 * the same row schema as its review step. A row no address is left for is an error of its line
 * (NO_IP_LEFT), where the wizard drops it: an import says which lines were not sent.
 */
export function planImport(text: string, target: PlanTarget): ImportPlan {
  const parsed = parseImportLines(text);
  const free = freeSlots(target.ips);
  const matched = matchWrittenAddresses(parsed.rows, target.ips, free);
  const errors = [...parsed.errors, ...matched.errors];
  const nextFree = slotTaker(free);
  const customHost = target.hostingAccount.account_type === 'CUSTOM_HOST';
  const rows: PlannedRow[] = [];
  for (const r of matched.rows) {
    const ip = r.ipGuid ?? nextFree();
    if (!ip) {
      errors.push({ line: r.line, message: NO_IP_LEFT });
      continue;
    }
    // Spec part 2, 5: software columns are ignored when the group's account is a custom host.
    const row = applyRowRules(
      {
        domain: r.domain,
        ip_address: ip,
        group: target.group,
        hosting_account: target.hostingAccount.guid,
        install_lets_encrypt: r.ssl,
        redirect_to_https: r.redirectToHttps,
        install_software: r.software,
        software_protocol: r.protocol,
        software_preset: r.preset,
      },
      customHost,
    );
    const checked = z.safeParse(newDomainSchema, row);
    if (!checked.success) {
      errors.push({ line: r.line, message: checked.error.issues[0]?.message ?? 'This line cannot be imported.' });
      continue;
    }
    rows.push({ line: r.line, ...row });
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors, lines: parsed.rows.length + parsed.errors.length };
}

/** The body of one chunk: the rows without their line numbers. */
export const chunkBody = (rows: readonly PlannedRow[]) => ({ domains: rows.map(({ line: _line, ...row }) => row) });
