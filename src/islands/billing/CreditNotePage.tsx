import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Card } from '../../components/Card';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { BILLING_SCOPES } from '../../lib/rules/billing-tabs';
import { creditNotePage, downloadCreditNote } from '../../stores/billing';
import { DocFacts, DocSection, DocTable, DocumentMissing, DownloadPdfButton, Parties, PaymentsTable, Totals } from '../../components/billing/DocumentParts';
import { Money } from '../../components/Money';
import { moneyText } from '../../lib/billing/documents';
import { humanise } from '../../lib/format/words';
import '../../styles/billing.css';

/**
 * The credit note page (spec part 3, 2.7): issuer and bill-to blocks, the lines (description
 * on several lines, amount, tax, tax rate), the summary, the associated transaction, the credit
 * transactions and the notes; Download PDF with can_download_credit_notes.
 */
export function CreditNotePage({ id }: { id: number }) {
  const state = useStore(creditNotePage.$doc);
  useEffect(() => {
    void creditNotePage.load(id);
  }, [id]);
  const note = state.id === id ? state.doc : null;
  if (!note)
    return (
      <DocumentMissing
        loading={state.loading || state.id !== id}
        problem={state.problem}
        noun="credit note"
        back={{ href: '/billing/credit-notes', label: 'Back to the credit notes' }}
      />
    );
  const m = (cents: number) => moneyText(cents, note.currency);

  return (
    <Card
      className="billing-document"
      title={
        <>
          Credit Note #{note.id} <StatusBadge status={note.status} />
        </>
      }
      actions={
        <Can scope={BILLING_SCOPES.downloadCreditNotes}>
          <DownloadPdfButton what={`credit-${note.id}`} onDownload={() => downloadCreditNote(note.id)} />
        </Can>
      }
    >
      <Parties seller={note.seller} party={note} />
      <DocFacts
        facts={[
          ['Date', <DateTime key="date" value={note.date_created} dateOnly />],
          note.invoice_id !== null
            ? [
                'Invoice',
                <a key="invoice" href={`/billing/invoices/${note.invoice_id}`}>
                  #{note.invoice_id}
                </a>,
              ]
            : null,
          ['Currency', note.currency],
        ]}
      />

      <DocSection title="Lines">
        <DocTable
          label="Lines table"
          columns={[
            { header: 'Description', cellClass: 'doc-multiline' },
            { header: 'Amount', numeric: true },
            { header: 'Tax', numeric: true },
            { header: 'Tax rate', numeric: true },
          ]}
          rows={note.items.map((item, i) => ({
            key: i,
            cells: [
              item.description,
              <Money key="amount" cents={item.amount} currency={item.currency} />,
              <Money key="tax" cents={item.tax} currency={item.currency} />,
              `${item.tax_rate}%`,
            ],
          }))}
        />
        <Totals
          rows={[
            ['Initial balance', m(note.initial_balance)],
            ['Initial tax', m(note.initial_tax)],
            ['Balance', m(note.balance), true],
          ]}
        />
      </DocSection>

      {note.transaction ? (
        <DocSection title="Associated transaction">
          <PaymentsTable
            label="Associated transaction table"
            payments={[
              {
                key: note.transaction.transaction_id,
                date: note.transaction.date_created,
                method: note.transaction.payment_method,
                id: note.transaction.transaction_id,
                amount: note.transaction.amount,
                currency: note.transaction.currency,
              },
            ]}
          />
        </DocSection>
      ) : null}

      <DocSection title="Credit transactions">
        {note.credit_transactions.length ? (
          <DocTable
            label="Credit transactions table"
            columns={[{ header: 'Date' }, { header: 'Action' }, { header: 'Amount', numeric: true }]}
            rows={note.credit_transactions.map((t, i) => ({
              key: i,
              cells: [<DateTime key="date" value={t.date_created} dateOnly />, humanise(t.action), <Money key="amount" cents={t.amount} currency={t.currency} />],
            }))}
          />
        ) : (
          <p className="muted">None yet.</p>
        )}
      </DocSection>

      {note.custom_notes ? (
        <DocSection title="Notes">
          <p className="doc-notes">{note.custom_notes}</p>
        </DocSection>
      ) : null}
    </Card>
  );
}
