import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Card } from '../../components/Card';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { BILLING_SCOPES } from '../../lib/rules/billing-tabs';
import { creditNotePage, downloadCreditNote } from '../../stores/billing';
import { DocSection, DocumentMissing, DownloadPdfButton, Parties, Totals } from './DocumentParts';
import { humanise, Money, moneyText } from './Money';
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
  if (!note) return <DocumentMissing loading={state.loading || state.id !== id} noun="credit note" back={{ href: '/billing/credit-notes', label: 'Back to the credit notes' }} />;
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
      <dl className="doc-facts">
        <div>
          <dt>Date</dt>
          <dd>
            <DateTime value={note.date_created} dateOnly />
          </dd>
        </div>
        {note.invoice_id !== null ? (
          <div>
            <dt>Invoice</dt>
            <dd>
              <a href={`/billing/invoices/${note.invoice_id}`}>#{note.invoice_id}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Currency</dt>
          <dd>{note.currency}</dd>
        </div>
      </dl>

      <DocSection title="Lines">
        <div className="doc-table-wrap" tabIndex={0} role="group" aria-label="Lines table">
          <table className="doc-table">
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className="cell-number">
                  Amount
                </th>
                <th scope="col" className="cell-number">
                  Tax
                </th>
                <th scope="col" className="cell-number">
                  Tax rate
                </th>
              </tr>
            </thead>
            <tbody>
              {note.items.map((item, i) => (
                <tr key={i}>
                  <td className="doc-multiline">{item.description}</td>
                  <td className="cell-number">
                    <Money cents={item.amount} currency={item.currency} />
                  </td>
                  <td className="cell-number">
                    <Money cents={item.tax} currency={item.currency} />
                  </td>
                  <td className="cell-number">{item.tax_rate}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
          <div className="doc-table-wrap" tabIndex={0} role="group" aria-label="Associated transaction table">
            <table className="doc-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Method</th>
                  <th scope="col">Transaction ID</th>
                  <th scope="col" className="cell-number">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>
                    <DateTime value={note.transaction.date_created} dateOnly />
                  </td>
                  <td>{humanise(note.transaction.payment_method)}</td>
                  <td className="cell-wrap">{note.transaction.transaction_id}</td>
                  <td className="cell-number">
                    <Money cents={note.transaction.amount} currency={note.transaction.currency} />
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
        </DocSection>
      ) : null}

      <DocSection title="Credit transactions">
        {note.credit_transactions.length ? (
          <div className="doc-table-wrap" tabIndex={0} role="group" aria-label="Credit transactions table">
            <table className="doc-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Action</th>
                  <th scope="col" className="cell-number">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {note.credit_transactions.map((t, i) => (
                  <tr key={i}>
                    <td>
                      <DateTime value={t.date_created} dateOnly />
                    </td>
                    <td>{humanise(t.action)}</td>
                    <td className="cell-number">
                      <Money cents={t.amount} currency={t.currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
