import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Card } from '../../components/Card';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { $pdfBusy, affiliateInvoicePage, downloadAffiliateInvoice } from '../../stores/affiliate';
import { DocFacts, DocSection, DocTable, DocumentMissing, Parties, Totals } from '../../components/billing/DocumentParts';
import { moneyText } from '../../lib/billing/documents';
import { billingCycleWords } from '../../lib/format/words';
import '../../styles/affiliate.css';

/** The provider self-bills: it issues the invoice, the affiliate is paid. */
const PARTY_HEADINGS = ['Issuer', 'Beneficiary'] as const;

/**
 * The affiliate invoice page (spec part 3, 2.10): issuer (the provider, who self-bills), the
 * beneficiary (the affiliate), items, gross, tax and net amounts, and the PDF, which prints the
 * same blocks (src/server/services/affiliate-pdf.ts).
 */
export function AffiliateInvoicePage({ id }: { id: number }) {
  const state = useStore(affiliateInvoicePage.$doc);
  const busy = useStore($pdfBusy) === id;
  useEffect(() => {
    void affiliateInvoicePage.load(id);
  }, [id]);
  const inv = state.id === id ? state.doc : null;
  if (!inv)
    return (
      <DocumentMissing
        loading={state.loading || state.id !== id}
        problem={state.problem}
        noun="invoice"
        back={{ href: '/affiliate/billing', label: 'Back to affiliate billing' }}
      />
    );
  const m = (cents: number) => moneyText(cents, inv.currency);
  return (
    <Card
      className="billing-document"
      // The page's own heading already names the invoice; the card's says where it stands.
      title={
        <>
          Status <StatusBadge status={inv.status} />
        </>
      }
      actions={
        <button type="button" className="button" disabled={busy} onClick={() => void downloadAffiliateInvoice(inv.id)}>
          {busy ? 'Downloading...' : 'Download PDF'}
        </button>
      }
    >
      <Parties seller={inv.issuer} party={inv} vatId={inv.vat?.vat_id} headings={PARTY_HEADINGS} />
      <DocFacts
        facts={[
          ['Date', <DateTime key="date" value={inv.date_created} dateOnly />],
          [
            'Period',
            <>
              <DateTime value={inv.period_start} dateOnly /> - <DateTime value={inv.period_end} dateOnly />
            </>,
          ],
          ['Terms', `NET${inv.payment_terms.payment_term} days, ${billingCycleWords(inv.payment_terms.billing_cycle).toLowerCase()}`],
          ['Currency', inv.currency],
        ]}
      />
      <DocSection title="Items">
        <DocTable
          label="Items table"
          columns={[{ header: 'Description' }, { header: 'Payout', numeric: true }]}
          rows={inv.items.map((i) => ({ key: i.guid, cells: [i.description, m(i.payout)] }))}
        />
        <Totals
          rows={[
            ['Gross amount', m(inv.gross_amount)],
            [`Tax (${inv.tax_rate}%)`, m(inv.tax)],
            ['Net amount', m(inv.net_amount), true],
          ]}
        />
      </DocSection>
      <p>
        <a href="/affiliate/billing">Back to affiliate billing</a>
      </p>
    </Card>
  );
}
