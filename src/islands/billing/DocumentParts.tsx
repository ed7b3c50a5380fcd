import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Seller } from '../../lib/api/billing';
import { $downloading } from '../../stores/billing';

/** The party blocks of a document, in the order the PDF prints them. */
export interface PartyFields {
  company_name: string;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string | null;
  city: string;
  region: string;
  country: string;
  postal_code: string;
}

export function partyLines(p: PartyFields, vatId?: string | null): string[] {
  const person = [p.first_name, p.last_name].filter(Boolean).join(' ');
  return [
    p.company_name,
    person,
    p.address1,
    p.address2 ?? '',
    [p.postal_code, p.city].filter(Boolean).join(' '),
    [p.region, p.country].filter(Boolean).join(', '),
    vatId ? `VAT ID: ${vatId}` : '',
  ].filter(Boolean);
}

/** The seller (issuer) and the billed party side by side, as the PDF has them. */
export function Parties({ seller, party, vatId }: { seller: Seller; party: PartyFields; vatId?: string | null }) {
  return (
    <div className="doc-parties">
      <PartyBlock heading="From" lines={[seller.name, seller.email, seller.website ?? ''].filter(Boolean)} />
      <PartyBlock heading="Bill to" lines={partyLines(party, vatId)} />
    </div>
  );
}

function PartyBlock({ heading, lines }: { heading: string; lines: string[] }) {
  return (
    <div className="doc-party">
      <h3>{heading}</h3>
      <address>
        {lines.map((line, i) => (
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
export function DocumentMissing({ loading, noun, back }: { loading: boolean; noun: string; back: { href: string; label: string } }) {
  return loading ? (
    <p className="page-loading" role="status">
      Loading...
    </p>
  ) : (
    <div className="alert alert-error" role="alert">
      This {noun} could not be shown. <a href={back.href}>{back.label}</a>
    </div>
  );
}
