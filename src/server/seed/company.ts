import { and, asc, eq } from 'drizzle-orm';
import { activityLogs, contacts, emails, invoices, loginRecords, notifications, pageViews, vatIds } from '../db/schema/index';
import type { SeedContext } from './context';

export interface Actor {
  guid: string;
  firstName: string;
  lastName: string;
  userType: string;
}

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:143.0) Gecko/20100101 Firefox/143.0',
];

export async function seedCompanyArea(ctx: SeedContext, companyGuid: string, ownerEmail: string) {
  const { db } = ctx;
  await db.insert(vatIds).values([
    { companyGuid, vatId: 'EE100931558', status: 'DISABLED', dateCreated: ctx.ago(400), dateUpdated: ctx.ago(120) },
    { companyGuid, vatId: 'EE102345605', status: 'ACTIVE', dateCreated: ctx.ago(120) },
  ]);
  await db.insert(contacts).values([
    { companyGuid, firstName: 'Dana', lastName: 'Demo', emailAddress: ownerEmail, status: 'ACTIVE', canBeDisabled: false, dateVerified: ctx.ago(420), dateCreated: ctx.ago(420) },
    {
      companyGuid,
      firstName: 'Frank',
      lastName: 'Finance',
      emailAddress: 'finance@northwind-agency.test',
      status: 'ACTIVE',
      selectedEvents: ['new_invoice', 'invoice_payment_reminder', 'new_payment', 'card_charge_failed'],
      dateVerified: ctx.ago(200),
      dateCreated: ctx.ago(201),
    },
    {
      companyGuid,
      firstName: 'Olivia',
      lastName: 'Ops',
      emailAddress: 'ops@northwind-agency.test',
      status: 'ACTIVE',
      selectedEvents: ['new_domain', 'domain_deleted', 'ssl_install', 'ssl_renewal', 'software_install'],
      dateVerified: ctx.ago(90),
      dateCreated: ctx.ago(90),
    },
    { companyGuid, firstName: 'Andy', lastName: 'Accountant', emailAddress: 'andy@bookkeepers.test', status: 'VERIFICATION', dateCreated: ctx.ago(2) },
  ]);
}

/** The bell, the login history and the emails of one person. */
export async function seedUserArea(ctx: SeedContext, user: Actor, email: string, companyGuid: string) {
  const { db, rng } = ctx;
  await db.insert(notifications).values([
    { userGuid: user.guid, companyGuid, notificationType: 'WARNING', message: 'Some domains in Client Blogs expire within 7 days.', seen: false, dateCreated: ctx.ago(0, 3) },
    {
      userGuid: user.guid,
      companyGuid,
      notificationType: 'ERROR',
      message: 'Hosting account Old Reseller was suspended because an invoice is overdue.',
      seen: false,
      dateCreated: ctx.ago(5),
    },
    {
      userGuid: user.guid,
      companyGuid,
      notificationType: 'INFO',
      message: 'A new version of WordPress is available for 12 of your websites.',
      seen: false,
      dateCreated: ctx.ago(1),
    },
    { userGuid: user.guid, companyGuid, notificationType: 'SUCCESS', message: 'Your payment was received. Thank you!', seen: true, dateCreated: ctx.ago(9) },
    { userGuid: user.guid, companyGuid, notificationType: 'SUCCESS', message: 'Let’s Encrypt certificates were installed on 8 domains.', seen: true, dateCreated: ctx.ago(14) },
    {
      userGuid: user.guid,
      companyGuid: null,
      notificationType: 'INFO',
      message: 'Two-factor authentication keeps your account safe. Turn it on in your profile.',
      seen: true,
      dateCreated: ctx.ago(60),
    },
  ]);
  await db.insert(loginRecords).values(
    Array.from({ length: 12 }, (_, i) => {
      const failed = i === 3 || i === 8;
      const where = rng.pick([
        { countryCode: 'EE', countryName: 'Estonia', city: 'Tallinn', ip: '90.190.12.44' },
        { countryCode: 'FI', countryName: 'Finland', city: 'Helsinki', ip: '85.76.33.201' },
        { countryCode: 'DE', countryName: 'Germany', city: 'Berlin', ip: '85.214.7.19' },
      ]);
      return {
        userGuid: user.guid,
        timestamp: ctx.ago(i * 3, rng.int(0, 12)),
        ipAddress: failed ? '45.155.205.12' : where.ip,
        userAgent: rng.pick(BROWSERS),
        countryCode: failed ? 'NL' : where.countryCode,
        countryName: failed ? 'Netherlands' : where.countryName,
        city: failed ? 'Amsterdam' : where.city,
        status: failed ? 'FAILURE' : 'SUCCESS',
      };
    }),
  );
  const mail = (subject: string, html: string, daysAgo: number, sent = true) => ({
    userGuid: user.guid,
    subject,
    content: html,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email,
    isSent: sent,
    dateSent: sent ? ctx.ago(daysAgo) : null,
    dateCreated: ctx.ago(daysAgo),
  });
  await db
    .insert(emails)
    .values([
      mail('Welcome to Hostdeck', '<p>Welcome aboard! Your account is ready.</p>', 400),
      mail('Please verify your email address', '<p>Follow the link in this email to verify your address.</p>', 400),
      mail('New sign-in from Berlin, Germany', '<p>We noticed a new sign-in to your account. If this was not you, change your password.</p>', 6),
      mail('Failed sign-in attempt', '<p>Someone tried to sign in to your account with a wrong password.</p>', 9),
    ]);
}

export async function seedCompanyMail(ctx: SeedContext, companyGuid: string, name: string, email: string) {
  const mail = (template: string, subject: string, html: string, daysAgo: number, sent = true) => ({
    companyGuid,
    template,
    subject,
    content: html,
    name,
    email,
    isSent: sent,
    dateSent: sent ? ctx.ago(daysAgo) : null,
    dateCreated: ctx.ago(daysAgo),
  });
  await ctx.db
    .insert(emails)
    .values([
      mail('new_invoice', 'New invoice available', '<p>A new invoice is available in your billing area.</p>', 2),
      mail('new_payment', 'Payment received', '<p>Thank you, we received your payment.</p>', 9),
      mail('invoice_payment_reminder', 'Invoice payment reminder', '<p>An invoice of yours is overdue. Please pay it to avoid suspension.</p>', 12),
      mail('order_suspended', 'Hosting account suspended', '<p>Your hosting account Old Reseller was suspended.</p>', 5),
      mail('ssl_install', 'SSL certificates installed', '<p>Let’s Encrypt certificates were installed.</p>', 14),
      mail('order_termination_warning', 'Your hosting account will be terminated', '<p>Pay the overdue invoice to keep your data.</p>', 0, false),
    ]);
}

/** What people did in the company, as the Logs tabs show it. */
export async function seedActivity(ctx: SeedContext, companyGuid: string, actors: Actor[], domainNames: string[]) {
  const { rng } = ctx;
  const [paid] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyGuid, companyGuid), eq(invoices.status, 'PAID')))
    .orderBy(asc(invoices.id))
    .limit(1);
  const entries: [string, string, string, string | null, string | null][] = [
    ['created', 'Client Blogs', 'group', null, null],
    ['created', 'Main Shared Hosting', 'shared_hosting_account', null, null],
    ['placed', 'IP address order', 'i_p_address_order', null, null],
    ['paid', `#${paid?.id ?? ''}`, 'invoice', null, null],
    ['added', 'Company Visa', 'payment_method', null, null],
    ['created', 'Block bad bots', 'firewall_rule', null, null],
    ['created', 'WordPress hardening', 'firewall_ruleset', null, null],
    ['created', 'Default protection', 'firewall_policy', null, null],
    ['created', 'Standard Blog', 'software_preset', null, null],
    ['created', 'Deploy script', 'a_p_i_key', null, null],
    ['created', 'Frank Finance', 'contact', null, null],
    ['invited', 'Sam Staffer', 'user', null, null],
  ];
  for (const d of domainNames.slice(0, 14)) entries.push([rng.pick(['added', 'updated', 'installed SSL on']), d, 'domain', 'Client Blogs', 'group']);
  const rows = entries.map(([verb, actionObject, actionObjectType, target, targetType], i) => {
    const actor = actors[i % actors.length]!;
    return {
      companyGuid,
      actorGuid: actor.guid,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
      actorUserType: actor.userType,
      verb,
      actionObject,
      actionObjectType,
      target,
      targetType,
      ipAddress: actor.userType === 'API_USER' ? '198.51.100.7' : '90.190.12.44',
      userAgent: actor.userType === 'API_USER' ? 'hostdeck-cli/0.1.0' : BROWSERS[0],
      dateCreated: ctx.ago(entries.length - i, rng.int(0, 20)),
    };
  });
  await ctx.db.insert(activityLogs).values(rows);
  await ctx.db.insert(pageViews).values(
    ['/', '/domains', '/ip-addresses', '/billing', '/billing/invoices', '/hosting', '/firewall'].map((path, i) => ({
      userGuid: actors[0]!.guid,
      companyGuid,
      path,
      userAgent: BROWSERS[0],
      ipAddress: '90.190.12.44',
      dateCreated: ctx.ago(0, i),
    })),
  );
}
