import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Seller } from '../../lib/api/billing';
import { partyLines, paymentMethodWords, sellerLines, type PartyFields } from '../../lib/billing/documents';
import { DateTime } from '../DateTime';
import { Money } from '../Money';
import { $downloading } from '../../stores/billing';
import { ScrollBox } from '../ScrollBox';
import '../../styles/documents.css';

/**
 * The seller (issuer) and the billed party side by side, as the PDF has them; the affiliate
 * invoice names them 'Issuer' and 'Beneficiary' (spec part 3, 2.10).
 */
export function Parties({
  seller,
  party,
  vatId,
  headings = ['From', 'Bill to'],
}: {
  seller: Seller;
  party: PartyFields;
  vatId?: string | null | undefined;
  headings?: readonly [seller: string, party: string];
}) {
  return (
    <div className="doc-parties">
      <PartyBlock heading={headings[0]} lines={sellerLines(seller)} />
      <PartyBlock heading={headings[1]} lines={partyLines(party, vatId)} />
    </div>
  );
}

function PartyBlock({ heading, lines }: { heading: string; lines: string[] }) {
  return (
    <div className="doc-party">
      <h3>{heading}</h3>
      <address>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an address's lines are fixed places, and two may read the same.
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
      </address>
    </div>
  );
}

/** A document's section: a heading and its content. */
export function DocSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="doc-section" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** The document's facts under its parties (date, due, terms, currency ...); a null one is left out. */
export function DocFacts({ facts }: { facts: ([label: string, value: ReactNode] | null)[] }) {
  return (
    <dl className="doc-facts">
      {facts.map((fact) =>
        fact ? (
          <div key={fact[0]}>
            <dt>{fact[0]}</dt>
            <dd>{fact[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

export interface DocColumn {
  header: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** The cells' class otherwise ('cell-wrap' for long ids, 'doc-multiline' for text with line breaks). */
  cellClass?: string;
}

/**
 * One of a document's tables, scrolling sideways by itself on a phone; `label` names the
 * scrolling region ('Items table'), so it can be reached and scrolled by keyboard.
 */
export function DocTable({ label, columns, rows }: { label: string; columns: DocColumn[]; rows: { key: string | number; cells: ReactNode[] }[] }) {
  return (
    <ScrollBox className="doc-table-wrap" label={label}>
      <table className="doc-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.numeric ? 'cell-number' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column, which is its place in the row.
                <td key={i} className={columns[i]?.numeric ? 'cell-number' : columns[i]?.cellClass}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** Payments (or the one a credit note is about): date, method, transaction id and amount, as the PDF prints them. */
export function PaymentsTable({ label, payments }: { label: string; payments: { key: string; date: string; method: string; id: string; amount: number; currency: string }[] }) {
  return (
    <DocTable
      label={label}
      columns={[{ header: 'Date' }, { header: 'Method' }, { header: 'Transaction ID', cellClass: 'cell-wrap' }, { header: 'Amount', numeric: true }]}
      rows={payments.map((p) => ({
        key: p.key,
        cells: [<DateTime key="date" value={p.date} dateOnly />, paymentMethodWords(p.method), p.id, <Money key="amount" cents={p.amount} currency={p.currency} />],
      }))}
    />
  );
}

/** Label-value rows right-aligned under a table (sub-total, discount, tax, total ...). */
export function Totals({ rows }: { rows: [label: string, value: ReactNode, strong?: boolean][] }) {
  return (
    <dl className="doc-totals">
      {rows.map(([label, value, strong]) => (
        <div key={label} className={strong ? 'is-strong' : undefined}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Download PDF, disabled while its file is on the way. */
export function DownloadPdfButton({ what, onDownload }: { what: string; onDownload: () => Promise<void> }) {
  const busy = useStore($downloading) === what;
  return (
    <button type="button" className="button" disabled={busy} onClick={() => void onDownload()}>
      {busy ? 'Downloading...' : 'Download PDF'}
    </button>
  );
}

/** The loading note, or what a page says when its document could not be shown. */
export function DocumentMissing({ loading, problem, noun, back }: { loading: boolean; problem: string | null; noun: string; back: { href: string; label: string } }) {
  return loading ? (
    <p className="page-loading" role="status">
      Loading...
    </p>
  ) : (
    <div className="alert alert-error" role="alert">
      {problem ?? `This ${noun} could not be shown.`} <a href={back.href}>{back.label}</a>
    </div>
  );
}
