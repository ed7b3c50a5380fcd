import { affiliateAccounts, affiliateInvoiceItems, affiliateInvoices, affiliateLinks, affiliatePaymentDetails, affiliateVisits, referrals } from '../db/schema/index';
import { insertChunked, type SeedContext } from './context';

/** The demo owner is an approved affiliate with links, three months of clicks and earnings. */
export async function seedAffiliate(ctx: SeedContext, userGuid: string, referredCompanyGuid: string) {
  const { db, rng } = ctx;
  const [account] = await db
    .insert(affiliateAccounts)
    .values({
      userGuid,
      status: 'ACTIVE',
      accountType: 'COMPANY',
      firstName: 'Dana',
      lastName: 'Demo',
      companyName: 'Northwind Web Agency',
      address1: 'Narva mnt 7',
      city: 'Tallinn',
      region: 'Harju County',
      postalCode: '10117',
      country: 'EE',
      phone: '+372 600 1234',
      vatId: 'EE102345605',
      promotionPlatforms: 'Agency blog, YouTube channel',
      promotionMethods: 'Hosting reviews and tutorials',
      dateApproved: ctx.ago(178),
      dateCreated: ctx.ago(180),
    })
    .returning({ guid: affiliateAccounts.guid });
  const affiliateGuid = account!.guid;
  const links = await db
    .insert(affiliateLinks)
    .values([
      { affiliateGuid, linkHash: 'nw4k2p', linkType: 'DEFAULT', status: 'ACTIVE', dateCreated: ctx.ago(178) },
      { affiliateGuid, linkHash: 'northwind', linkType: 'CUSTOM', status: 'ACTIVE', usageDescription: 'Footer of our agency website.', dateCreated: ctx.ago(150) },
      { affiliateGuid, linkHash: 'nw-youtube', linkType: 'CUSTOM', status: 'PENDING', usageDescription: 'Description of our YouTube tutorials.', dateCreated: ctx.ago(2) },
      { affiliateGuid, linkHash: 'q8z1mv', linkType: 'DEFAULT', status: 'DISABLED', dateCreated: ctx.ago(160) },
    ])
    .returning({ guid: affiliateLinks.guid });
  const active = links.slice(0, 2);
  const visits = Array.from({ length: 140 }, (_, i) => ({
    affiliateGuid,
    linkGuid: rng.pick(active).guid,
    clickId: `clk_${i.toString(36).padStart(4, '0')}${rng.int(0, 1e6).toString(36)}`,
    ipAddress: `${rng.int(60, 200)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
    referer: rng.pick(['https://northwind-agency.test/', 'https://www.youtube.com/', null]),
    landingUrl: 'https://hostdeck.test/',
    dateCreated: ctx.ago(rng.int(0, 90), rng.int(0, 23)),
  }));
  await insertChunked(visits, 1000, (chunk) => db.insert(affiliateVisits).values(chunk));

  const [invoice] = await db
    .insert(affiliateInvoices)
    .values({
      affiliateGuid,
      status: 'PAID',
      grossAmountCents: 12400,
      netAmountCents: 12400,
      periodStart: ctx.ago(90),
      periodEnd: ctx.ago(60),
      companyName: 'Northwind Web Agency',
      firstName: 'Dana',
      lastName: 'Demo',
      address1: 'Narva mnt 7',
      region: 'Harju County',
      country: 'EE',
      postalCode: '10117',
      vatId: 'EE102345605',
      datePaid: ctx.ago(40),
      dateCreated: ctx.ago(59),
    })
    .returning({ id: affiliateInvoices.id });
  const earnings = Array.from({ length: 12 }, (_, i) => {
    const daysAgo = 85 - i * 7;
    const status = daysAgo > 60 ? 'PAID' : daysAgo > 30 ? 'UNPAID' : 'CLEARING';
    return {
      affiliateGuid,
      referredCompanyGuid: i === 0 ? referredCompanyGuid : null,
      payoutCents: i < 4 ? 3100 : rng.int(800, 4500),
      payoutType: i % 3 === 0 ? 'NEW' : 'RECURRING',
      status,
      affiliateInvoiceId: status === 'PAID' ? invoice!.id : null,
      dateClears: ctx.ago(daysAgo - 30),
      dateCreated: ctx.ago(daysAgo),
    };
  });
  const inserted = await db.insert(referrals).values(earnings).returning({ guid: referrals.guid, payoutCents: referrals.payoutCents, status: referrals.status });
  const paid = inserted.filter((r) => r.status === 'PAID');
  if (paid.length) {
    await db
      .insert(affiliateInvoiceItems)
      .values(paid.map((r, i) => ({ invoiceId: invoice!.id, referralGuid: r.guid, description: `Referral commission ${i + 1}`, payoutCents: r.payoutCents })));
  }
  await db.insert(affiliatePaymentDetails).values({
    affiliateGuid,
    description: 'PayPal: payouts@northwind-agency.test',
    currency: 'USD',
    paymentMethod: 'PAYPAL',
    paypalEmail: 'payouts@northwind-agency.test',
    dateCreated: ctx.ago(170),
  });
}
