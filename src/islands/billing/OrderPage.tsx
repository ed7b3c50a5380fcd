import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Card } from '../../components/Card';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { TextField } from '../../components/TextField';
import { Tooltip } from '../../components/Tooltip';
import { useForm } from '../../components/form/use-form';
import type { Order } from '../../lib/api/billing';
import { ORDER_ADDRESS_SAMPLE } from '../../lib/schemas/billing';
import { BILLING_SCOPES } from '../../lib/rules/billing-tabs';
import { orderInvoicesList, orderPage, orderTagsForm } from '../../stores/billing';
import { DocSection, DocumentMissing } from '../../components/billing/DocumentParts';
import { InvoiceTable } from './InvoiceTable';
import { OrderActions } from './OrderActions';
import { moneyText } from '../../lib/billing/documents';
import { billingCycleWords, ipTypeWords, orderLocationWords, orderTypeWords } from '../../lib/format/words';
import '../../styles/billing.css';

/**
 * The order page (spec part 3, 2.6): what the order is, per type; its tags (editable with
 * can_edit_orders), cancel and extend, and its invoices, paged.
 */
export function OrderPage({ id }: { id: number }) {
  const state = useStore(orderPage.$doc);
  useEffect(() => {
    void orderPage.load(id);
    orderInvoicesList.setFilters({ order: String(id) });
  }, [id]);
  const order = state.id === id ? state.doc : null;
  if (!order) return <DocumentMissing loading={state.loading || state.id !== id} problem={state.problem} noun="order" back={{ href: '/billing', label: 'Back to the orders' }} />;

  return (
    <>
      <Card
        className="billing-document"
        title={
          <>
            Order #{order.id} <StatusBadge status={order.status} />
          </>
        }
      >
        <OrderActions order={order} />
        <OrderFacts order={order} />
        <DocSection title="Tags">
          <Can scope={BILLING_SCOPES.editOrders} fallback={<TagList tags={order.tags} />}>
            <TagsForm key={`${order.id}:${order.tags.join(',')}`} order={order} />
          </Can>
        </DocSection>
      </Card>
      <Can scope={BILLING_SCOPES.orderInvoices}>
        <Card title="Invoices">
          <InvoiceTable caption={`Invoices of order #${order.id}`} list={orderInvoicesList} empty="No invoices for this order yet." />
        </Card>
      </Can>
    </>
  );
}

function TagList({ tags }: { tags: string[] }) {
  return tags.length ? (
    <ul className="tag-list">
      {tags.map((tag) => (
        <li key={tag} className="tag">
          {tag}
        </li>
      ))}
    </ul>
  ) : (
    <p className="muted">No tags.</p>
  );
}

/** The tags as one text, comma or space separated; saving replaces them ('Order tags successfully updated!'). */
function TagsForm({ order }: { order: Order }) {
  const form = useForm(orderTagsForm, { initial: { tags: order.tags.join(', ') } });
  return (
    <form {...form.form} className="order-tags-form">
      <TextField label="Tags" hint="Separate tags with commas or spaces." {...form.text('tags')} />
      <button type="submit" className="button button-primary" disabled={form.busy}>
        Save Tags
      </button>
    </form>
  );
}

function OrderFacts({ order }: { order: Order }) {
  const locations = order.preferences.locations ?? [];
  return (
    <dl className="detail-list">
      <dt>Type</dt>
      <dd>{orderTypeWords(order.order_type)}</dd>
      <dt>Created</dt>
      <dd>
        <DateTime value={order.date_created} />
      </dd>
      <dt>Next invoice</dt>
      <dd>
        <DateTime value={order.date_next_invoice} dateOnly fallback="-" />
      </dd>
      <dt>Billing cycle</dt>
      <dd>{billingCycleWords(order.billing_cycle)}</dd>
      <dt>Monthly cost</dt>
      <dd>{moneyText(order.monthly_cost, order.currency)}</dd>
      {order.coupon ? (
        <>
          <dt>Coupon</dt>
          <dd>{order.coupon}</dd>
        </>
      ) : null}
      {order.order_type === 'IP_ADDRESS_HOSTING' ? (
        <>
          <dt>IP addresses</dt>
          <dd>
            <OrderAddresses order={order} />
          </dd>
          {order.preferences.ip_address_type ? (
            <>
              <dt>Address type</dt>
              <dd>{ipTypeWords(order.preferences.ip_address_type)}</dd>
            </>
          ) : null}
          {locations.length ? (
            <>
              <dt>Locations</dt>
              <dd>
                <ul className="order-locations">
                  {locations.map((l) => (
                    <li key={l.location}>{orderLocationWords(l)}</li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
        </>
      ) : null}
      {order.group ? (
        <>
          <dt>IP group</dt>
          <dd>
            <Can scope="can_view_ip_groups" fallback={order.group.name}>
              <a href={`/ip-addresses/${order.group.guid}`}>{order.group.name}</a>
            </Can>
          </dd>
        </>
      ) : null}
      {order.shared_hosting_plan ? (
        <>
          <dt>Hosting plan</dt>
          <dd>{order.shared_hosting_plan.name}</dd>
        </>
      ) : null}
      {order.hosting_account ? (
        <>
          <dt>Hosting account</dt>
          <dd>
            <a href={`/hosting/${order.hosting_account.guid}`}>{order.hosting_account.name}</a>
          </dd>
        </>
      ) : null}
      {order.data ? (
        <>
          <dt>Websites</dt>
          <dd>{order.data.website_count}</dd>
          <dt>Articles per website</dt>
          <dd>{order.data.content_count}</dd>
          <dt>Premium theme</dt>
          <dd>{order.data.premium_theme ? 'Yes' : 'No'}</dd>
          <dt>Managed hosting</dt>
          <dd>{order.data.managed_hosting ? 'Yes' : 'No'}</dd>
          <dt>White-glove domain picking</dt>
          <dd>{order.data.white_glove_domain_picking ? 'Yes' : 'No'}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The order's addresses: the first few, with a link to the group for the rest; 'Hidden!' with the
 * tip 'Contact your account manager!' when the member may not see them (spec part 3, 2.2).
 */
function OrderAddresses({ order }: { order: Order }) {
  const list = order.ip_address_list;
  if (list === null) {
    return (
      <Tooltip content="Contact your account manager!">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a tooltip's trigger takes the focus, so the keyboard can show the tooltip too (WCAG 1.4.13). */}
        <span className="hidden-value" tabIndex={0}>
          Hidden!
        </span>
      </Tooltip>
    );
  }
  if (!list?.length) return <>{order.ip_addresses}</>;
  return (
    <>
      <ul className="order-addresses">
        {list.map((ip) => (
          <li key={ip.ip_address}>
            <code>{ip.ip_address}</code> {ip.status === 'ACTIVE' ? null : <StatusBadge status={ip.status} />}
          </li>
        ))}
      </ul>
      {order.ip_addresses > ORDER_ADDRESS_SAMPLE ? <p className="muted">and {(order.ip_addresses - ORDER_ADDRESS_SAMPLE).toLocaleString('en-US')} more in the group</p> : null}
    </>
  );
}
