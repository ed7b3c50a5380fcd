import { useStore } from '@nanostores/react';
import { Card } from '../../components/Card';
import { Can } from '../../components/Can';
import { FieldError } from '../../components/form/FieldError';
import { Checkbox } from '../../components/Checkbox';
import { TextField } from '../../components/TextField';
import { SelectField } from '../../components/form/SelectField';
import { useForm } from '../../components/form/use-form';
import {
  ARTICLE_COUNTS,
  WEBSITE_SETUP_MONTHS,
  WEBSITE_SETUP_PRICES,
  WHITE_GLOVE_MIN_WEBSITES,
  extraContentPerWebsiteUsd,
  formatMoney,
  priceWebsiteSetup,
  type WebsiteSetupOrder,
} from '../../lib/billing';
import { TERMS_AGREE_LABEL } from '../../lib/schemas/order-actions';
import { MORE_WEBSITES_NOTE } from '../../lib/schemas/services';
import { $session } from '../../stores/session';
import { INITIAL_WEBSITE_SETUP, websiteCountOf, websiteSetupForm, type WebsiteSetupValues } from '../../stores/services';
import '../../styles/services.css';

/** The website's price includes the fewest articles offered; more cost extra (extraContentPerWebsiteUsd). */
const INCLUDED_ARTICLES = ARTICLE_COUNTS[0];
const MOST_ARTICLES = Math.max(...ARTICLE_COUNTS);

/** Spec part 3, 9: what the done-for-you order includes, in the figures it is priced with. */
const FEATURES = [
  'A website built for you on each domain, with its own theme and content',
  `${WEBSITE_SETUP_MONTHS} months of a dedicated IP address and hosting for every website`,
  `Articles written for each website: ${INCLUDED_ARTICLES} included, up to ${MOST_ARTICLES}`,
  `Optional premium themes and ${WEBSITE_SETUP_MONTHS} months of managed hosting`,
];

const usd = (cents: number) => formatMoney(cents, 'USD');

/** The order as priced, or null while the count is not one the order takes. */
function pricedTotal(v: WebsiteSetupValues): number | null {
  const order: WebsiteSetupOrder = {
    websiteCount: websiteCountOf(v.website_count),
    contentCount: v.content_count,
    premiumTheme: v.premium_theme,
    managedHosting: v.managed_hosting,
    whiteGloveDomainPicking: v.white_glove_domain_picking,
  };
  try {
    return priceWebsiteSetup(order, { currency: 'USD' }).total_amount;
  } catch {
    return null;
  }
}

/** The services page: one tab, the Done-for-you PBN order (spec part 3, 2.12). */
export function ServicesPage() {
  return (
    <div className="services-page">
      <h2 className="services-tab" aria-current="page">
        Done-for-you PBN
      </h2>
      <div className="services-grid">
        <Card title="What you get">
          <ul className="services-features">
            {FEATURES.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <h3 className="services-subtitle">White-glove domain picking</h3>
          <p>
            With {WHITE_GLOVE_MIN_WEBSITES} websites or more, our team picks the expired domains for you: we check each one's history, backlinks and spam record, and register only
            domains that fit your niche.
          </p>
        </Card>
        <Card title="Order">
          <Can scope="can_add_orders" fallback={<p className="muted">You do not have permission to place orders. Ask an administrator of your company.</p>}>
            <WebsiteSetupForm />
          </Can>
        </Card>
      </div>
    </div>
  );
}

function WebsiteSetupForm() {
  const form = useForm(websiteSetupForm, { initial: INITIAL_WEBSITE_SETUP });
  const { user } = useStore($session);
  const v = form.values;
  const count = websiteCountOf(v.website_count);
  const whiteGloveOpen = Number.isFinite(count) && count >= WHITE_GLOVE_MIN_WEBSITES;
  const total = pricedTotal(v);

  function setCount(text: string) {
    form.set('website_count', text);
    const n = websiteCountOf(text);
    // The option is only for 10 websites or more (spec part 3, 5 "Website order").
    if (!(Number.isFinite(n) && n >= WHITE_GLOVE_MIN_WEBSITES) && form.values.white_glove_domain_picking) form.set('white_glove_domain_picking', false);
  }

  return (
    <form {...form.form} className="services-form">
      <TextField
        label="Websites"
        inputMode="numeric"
        autoComplete="off"
        hint={`${usd(WEBSITE_SETUP_PRICES.website)} each. ${MORE_WEBSITES_NOTE}`}
        {...form.text('website_count')}
        onValueChange={setCount}
      />
      <SelectField
        label="Articles per website"
        name="content_count"
        value={String(v.content_count)}
        onValueChange={(s) => form.set('content_count', Number(s))}
        error={form.errors.content_count}
      >
        {ARTICLE_COUNTS.map((n) => (
          <option key={n} value={n}>
            {n === INCLUDED_ARTICLES ? `${n} (included)` : `${n} (+${usd(extraContentPerWebsiteUsd(n))} per website)`}
          </option>
        ))}
      </SelectField>
      <Checkbox
        label={`Premium theme (+${usd(WEBSITE_SETUP_PRICES.premiumTheme)} per website)`}
        checked={v.premium_theme}
        onCheckedChange={(on) => form.set('premium_theme', on)}
      />
      <Checkbox
        label={`Managed hosting for ${WEBSITE_SETUP_MONTHS} months (+${usd(WEBSITE_SETUP_PRICES.managedHosting)})`}
        checked={v.managed_hosting}
        onCheckedChange={(on) => form.set('managed_hosting', on)}
      />
      <Checkbox
        label={`White-glove domain picking (${WHITE_GLOVE_MIN_WEBSITES} websites or more)`}
        checked={v.white_glove_domain_picking}
        disabled={!whiteGloveOpen}
        onCheckedChange={(on) => form.set('white_glove_domain_picking', on)}
      />
      <FieldError error={form.errors.white_glove_domain_picking} />
      <p className="services-total" aria-live="polite">
        Total: <strong>{total === null ? '—' : usd(total)}</strong>
        {user?.company.currency === 'EUR' ? <span className="muted"> (invoiced in EUR at the day's rate)</span> : null}
      </p>
      <Checkbox label={TERMS_AGREE_LABEL} checked={v.agree} onCheckedChange={(on) => form.set('agree', on)} />
      <FieldError error={form.errors.agree} />
      <button type="submit" className="button button-primary" disabled={form.busy}>
        Create Order
      </button>
    </form>
  );
}
