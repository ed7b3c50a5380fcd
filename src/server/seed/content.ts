import { announcements, issueNotices, kbArticles, news, systemErrors, vatRegistry } from '../db/schema/index';
import type { SeedContext } from './context';

export const SYSTEM_ERRORS: Record<string, string> = {
  payment_failed: 'Your payment could not be completed. No money was taken; please try again or use another payment method.',
  card_declined: 'Your card was declined by its issuer. Please contact your bank or use another card.',
  insufficient_funds: 'The card has insufficient funds for this payment.',
  card_expired: 'The card has expired. Please add a card with a valid expiry date.',
  verification_failed: 'The card could not be verified. Please check the details and try again.',
  payment_cancelled: 'The payment was cancelled before it was completed.',
  ip_addresses_unavailable: 'Some of the IP addresses you ordered are no longer available. Please choose other locations.',
};

/** Everyone sees these: error texts, the VAT stand-in registry, news, banners and help articles. */
export async function seedContent(ctx: SeedContext, providerGuid: string) {
  const { db } = ctx;
  await db.insert(systemErrors).values(Object.entries(SYSTEM_ERRORS).map(([code, description]) => ({ code, description })));
  // Numbers with valid checksums (jsvat), so the format check passes and the name comparison decides.
  await db.insert(vatRegistry).values([
    { vatId: 'BE0411905847', countryCode: 'BE', companyName: 'Demo Registry NV', address: 'Rue de la Loi 16, 1000 Brussels' },
    { vatId: 'EE102345605', countryCode: 'EE', companyName: 'Northwind Web Agency', address: 'Narva mnt 7, 10117 Tallinn' },
    { vatId: 'EE100247019', countryCode: 'EE', companyName: 'Tallinn Demo Trading OÜ', address: 'Pärnu mnt 22, 10141 Tallinn' },
    { vatId: 'DE129273398', countryCode: 'DE', companyName: 'Demo Handels GmbH', address: 'Zeil 5, 60313 Frankfurt am Main' },
    { vatId: 'NL004495445B01', countryCode: 'NL', companyName: 'Demo Holding B.V.', address: 'Damrak 1, 1012 LG Amsterdam' },
    { vatId: 'FR40303265045', countryCode: 'FR', companyName: 'Démo Services SAS', address: '10 rue de Rivoli, 75004 Paris' },
    { vatId: 'IE6388047V', countryCode: 'IE', companyName: 'Demo Software Ltd', address: '1 Grand Canal Square, Dublin 2' },
    { vatId: 'PL5260250995', countryCode: 'PL', companyName: 'Demo Polska Sp. z o.o.', address: 'ul. Marszałkowska 1, 00-624 Warszawa' },
    { vatId: 'ESB58378431', countryCode: 'ES', companyName: 'Demo Ibérica S.L.', address: 'Calle de Alcalá 1, 28014 Madrid' },
  ]);
  await db.insert(news).values([
    {
      title: 'HTTP/2 is now available on every dedicated IP address',
      link: null,
      content: 'Switch HTTP/2 on per address from the IP group page, or in bulk with Bulk Actions.',
      dateModified: ctx.ago(2),
      dateCreated: ctx.ago(2),
    },
    {
      title: 'New locations: Warsaw and Madrid',
      link: null,
      content: 'Dedicated addresses in Poland and Spain can now be ordered from the marketplace.',
      dateModified: ctx.ago(21),
      dateCreated: ctx.ago(21),
    },
    {
      title: 'Firewall rate limits',
      link: null,
      content: 'Rate-limit rules protect login pages: 150 requests per minute by default.',
      dateModified: ctx.ago(48),
      dateCreated: ctx.ago(50),
    },
    {
      title: 'Price update for shared hosting',
      link: null,
      content: 'Annual plans now come with 20% off. Existing plans keep their price until renewal.',
      dateModified: ctx.ago(95),
      dateCreated: ctx.ago(95),
    },
  ]);
  await db.insert(announcements).values([
    {
      providerGuid,
      type: 'INFO',
      title: 'Scheduled maintenance',
      message: '<p>Our Frankfurt network will be upgraded on <strong>Sunday between 02:00 and 04:00 UTC</strong>. Short interruptions are possible.</p>',
      showIcon: true,
      isActive: true,
      dateStart: ctx.ago(1),
      dateEnd: ctx.ahead(6),
      dateCreated: ctx.ago(1),
    },
    {
      providerGuid,
      type: 'WARNING',
      title: null,
      message: '<p>Card payments were delayed earlier this month. All payments have been processed.</p>',
      isActive: false,
      dateCreated: ctx.ago(30),
    },
  ]);
  await db.insert(issueNotices).values([
    { message: '<p>We are investigating slow DNS propagation for zones in Singapore. Records may take up to 30 minutes to update.</p>', dateCreated: ctx.ago(0, 2) },
    { message: '<p>SSL issuance was delayed for some domains.</p>', isActive: false, dateResolved: ctx.ago(12), dateCreated: ctx.ago(13) },
  ]);
  const article = (slug: string, title: string, content: string, position: number) => ({ slug, title, content, position, dateModified: ctx.ago(40 - position) });
  await db
    .insert(kbArticles)
    .values([
      article('getting-started', 'Getting started', '<p>Create a hosting account, order IP addresses into an IP group, then add a domain group and your domains.</p>', 0),
      article(
        'ip-addresses',
        'IP addresses and website slots',
        '<p>A dedicated address holds up to 10 websites; a shared one holds 1. Add slots with Modify Website Slots.</p>',
        1,
      ),
      article('dns-zone', 'Editing the DNS zone', '<p>TTL values from 3600 to 592200 seconds are accepted. Changes can take a few minutes.</p>', 2),
      article('ssl-certificates', 'SSL certificates', '<p>Let’s Encrypt certificates are installed within 15 minutes once the domain resolves to its assigned IP address.</p>', 3),
      article(
        'account',
        'Your account',
        '<p>Profile holds your name, password and two-factor authentication. Emails, Logins and Logs show what was sent to you, where you signed in from and what you did. Companies lists the companies you belong to; Invitations shows who invited you.</p>',
        5,
      ),
      article('billing-payments', 'Payments and invoices', '<p>Invoices are due after 7 days. Card payments appear within about 5 minutes, crypto payments within 30.</p>', 4),
    ]);
  // One article for each page's info button (SUPPORT_IDS of src/lib/rules/screens.ts; 'account' and 'ip-addresses' are above).
  await db
    .insert(kbArticles)
    .values([
      article(
        'domains',
        'Domain groups and domains',
        '<p>Domains live in domain groups. A group names the hosting account its domains are created on and the IP groups their addresses come from. Add Domains takes a table or an import of one domain a line; each domain gets a free website slot on one of the group’s IP addresses.</p>',
        20,
      ),
      article(
        'websites',
        'Websites',
        '<p>Every domain with software installed is a website. Open one to see its installation, sign in to its software and follow its tasks.</p>',
        21,
      ),
      article(
        'firewall',
        'The firewall',
        '<p>Rules allow, reject, redirect or rate-limit requests to your domains by their address, country, path or browser. Try a rule on a domain group’s recorded requests before saving it; every change is kept in the history and can be restored.</p>',
        22,
      ),
      article(
        'billing',
        'Orders, invoices and payments',
        '<p>Each order is invoiced for its billing cycle. Invoices are due after 7 days; pay them by card, PayPal or bank transfer. Credit notes and refunds are listed beside the invoices.</p>',
        23,
      ),
      article(
        'hosting',
        'Hosting accounts',
        '<p>Order Shared Hosting with a plan and a location, or add a server of your own as a custom host. The account page shows its nameservers, its cPanel sign-in and its domains; Modify Plan changes the plan now, invoiced at the prorated amount, or at the renewal.</p>',
        24,
      ),
      article(
        'affiliate',
        'The affiliate programme',
        '<p>Share your referral links: every paid invoice of a company that signed up through one earns you a payout. Payouts clear after their waiting time and are paid once they reach the payment threshold.</p>',
        25,
      ),
      article(
        'services',
        'Website setup',
        '<p>We set up your websites for you: domains, hosting, a theme and content. The price is shown before you order and invoiced as shown.</p>',
        26,
      ),
      article(
        'company',
        'Your company',
        '<p>The company profile holds the details your invoices carry. Invite users and choose what each may do, add VAT ids and contacts, and create API keys for scripts.</p>',
        27,
      ),
    ]);
  // The home page's Quick FAQ: articles whose slug starts with 'faq-' (src/server/services/dashboard.ts).
  await db
    .insert(kbArticles)
    .values([
      article(
        'faq-website-slots',
        'How many websites can one IP address hold?',
        '<p>A dedicated IP address comes with 10 website slots and a shared one with 1. Add slots to an address with <strong>Modify Website Slots</strong> on its IP group page.</p>',
        10,
      ),
      article(
        'faq-add-domains',
        'How do I add my first domains?',
        '<p>Create a domain group, choose its hosting account and IP groups, then use <strong>Add Domains</strong>. Each domain gets a free slot on one of the group’s IP addresses.</p>',
        11,
      ),
      article(
        'faq-dns-propagation',
        'Why does my domain not resolve yet?',
        '<p>Point the domain’s nameservers to ours. Changes at the registrar can take up to 48 hours to spread; DNS zone edits made here apply within a few minutes.</p>',
        12,
      ),
      article(
        'faq-overdue-invoice',
        'What happens when an invoice is overdue?',
        '<p>Invoices are due after 7 days. After the grace period a $15 late penalty is added, and services billed by the invoice may be suspended until it is paid.</p>',
        13,
      ),
      article(
        'faq-cancel-ip',
        'How do I cancel IP addresses I no longer need?',
        '<p>Select the addresses on the IP group page and choose <strong>Request Cancellation</strong>. Cancel at least 48 hours before the renewal date to avoid the next charge.</p>',
        14,
      ),
    ]);
}
