import { BODY_NOT_OBJECT } from '../../src/lib/rules/api-input';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { activityLogs, announcements, companies, hostingAccounts, invoices, issueNotices, memberships, notifications, providers, users } from '../../src/server/db/schema/index';
import { getOverdueNotice, getSuspendedNotice, listAnnouncements, listIssueNotifications, listNotifications, markAllNotificationsSeen } from '../../src/lib/requests/notices';
import { getDashboard } from '../../src/lib/requests/system';
import { whoami } from '../../src/lib/requests/auth';
import { closeTodoList, completeTodoItem } from '../../src/lib/requests/account';
import { ONE_TODO_MESSAGE, UNKNOWN_TODO_MESSAGE } from '../../src/lib/schemas/notices';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;
type Session = { token: string; company: string };
let owner: Session;
let staff: Session;
let customer: Session;
let bluebird: Session;
let ownerGuid: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  [owner, staff, customer, bluebird] = (await Promise.all(
    ['demo@hostdeck.test', 'staff@hostdeck.test', 'customer@hostdeck.test', 'bluebird@hostdeck.test'].map((e) => t.signIn(e)),
  )) as [Session, Session, Session, Session];
  ownerGuid = (await database.db.select({ guid: users.guid }).from(users).where(eq(users.email, 'demo@hostdeck.test')))[0]!.guid;
});
afterAll(() => database.close());

/** The shared client as `who`, acting for `company` (their default company unless given). */
const as = (who: Session, company = who.company) => t.client({ token: who.token, company });
const lastActivity = async (actor: string) =>
  (await database.db.select().from(activityLogs).where(eq(activityLogs.actorGuid, actor)).orderBy(desc(activityLogs.dateCreated)).limit(1))[0];

describe('GET /account/notifications/', () => {
  it("lists the owner's notifications of this company and user-wide ones, newest first, with the unseen count", async () => {
    const page = await listNotifications(as(owner));
    expect(page).toMatchObject({ page: 1, per_page: 25, total: 6, unseen: 3 });
    expect(new Set(page.data.map((n) => n.notification_type))).toEqual(new Set(['SUCCESS', 'INFO', 'WARNING', 'ERROR']));
    const dates = page.data.map((n) => n.date_created);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(page.data.some((n) => n.message.startsWith('Two-factor authentication'))).toBe(true);
  });

  it('pages the list and checks the paging values', async () => {
    const page = await listNotifications(as(owner), 2, 4);
    expect(page).toMatchObject({ page: 2, per_page: 4, total: 6, unseen: 3 });
    expect(page.data).toHaveLength(2);
    await expect(listNotifications(as(owner), 1, 0)).rejects.toMatchObject({ status: 400, body: { errors: ['Page size must be 1 or more.'] } });
    await expect(listNotifications(as(owner), 1, 101)).rejects.toMatchObject({ status: 400 });
  });

  it("never shows another company's or another user's notifications", async () => {
    const second = bluebird.company;
    await database.db.insert(notifications).values({ userGuid: ownerGuid, companyGuid: second, notificationType: 'INFO', message: 'About Bluebird only.' });
    const partnerList = await listNotifications(as(owner), 1, 100);
    expect(partnerList.data.map((n) => n.message)).not.toContain('About Bluebird only.');
    const secondList = await listNotifications(as(owner, second), 1, 100);
    expect(secondList.data.map((n) => n.message)).toContain('About Bluebird only.');
    // Bluebird's owner has her own notifications; none of them reach the demo owner's bell.
    const hers = await listNotifications(as(bluebird), 1, 100);
    const mineGuids = new Set([...partnerList.data, ...secondList.data].map((n) => n.guid));
    expect(hers.data.length).toBeGreaterThan(0);
    for (const n of hers.data) expect(mineGuids.has(n.guid)).toBe(false);
  });

  it('answers customers an empty list', async () => {
    expect(await listNotifications(as(customer))).toEqual({ data: [], page: 1, per_page: 25, total: 0, unseen: 0 });
  });
});

describe('POST /account/notifications/ (mark all read)', () => {
  it("marks this company's and user-wide notifications seen, leaves the other company's, and records it", async () => {
    expect(await markAllNotificationsSeen(as(owner))).toEqual({ unseen: 0 });
    const after = await listNotifications(as(owner), 1, 100);
    expect(after.unseen).toBe(0);
    expect(after.data.every((n) => n.seen)).toBe(true);
    const other = await listNotifications(as(owner, bluebird.company), 1, 100);
    expect(other.unseen).toBeGreaterThan(0);
    expect(await lastActivity(ownerGuid)).toMatchObject({ verb: 'marked as read', actionObject: '3 notifications', companyGuid: owner.company });
    const hers = await listNotifications(as(bluebird));
    expect(hers.unseen).toBe(3);
  });

  it('is refused to customers', async () => {
    await expect(markAllNotificationsSeen(as(customer))).rejects.toMatchObject({ status: 403, body: { errors: ['This area is not available for customer accounts.'] } });
  });
});

describe('GET /system/announcements/', () => {
  it("answers the provider's active announcements within their dates, HTML as stored", async () => {
    const [company] = await database.db.select({ provider: companies.providerGuid }).from(companies).where(eq(companies.guid, owner.company));
    const [otherProvider] = await database.db.insert(providers).values({ name: 'Another provider', supportEmail: 'help@other.test' }).returning({ guid: providers.guid });
    const now = Date.now();
    const hostile = '<p>Hi<img src=x onerror="window.__xss=1"><script>window.__xss=2</script></p>';
    await database.db.insert(announcements).values([
      { providerGuid: company!.provider, type: 'ERROR', title: 'Hostile', message: hostile, showIcon: false },
      { providerGuid: company!.provider, type: 'INFO', title: 'Ended', message: '<p>old</p>', dateEnd: new Date(now - 60_000) },
      { providerGuid: company!.provider, type: 'INFO', title: 'Not yet', message: '<p>later</p>', dateStart: new Date(now + 3_600_000) },
      { providerGuid: otherProvider!.guid, type: 'INFO', title: 'Other provider', message: '<p>not ours</p>' },
    ]);
    const { data } = await listAnnouncements(as(owner));
    const titles = data.map((a) => a.title);
    expect(titles).toContain('Scheduled maintenance');
    expect(titles).not.toContain('Ended');
    expect(titles).not.toContain('Not yet');
    expect(titles).not.toContain('Other provider');
    expect(data.find((a) => a.title === 'Scheduled maintenance')).toMatchObject({ type: 'INFO', show_icon: true });
    expect(data.find((a) => a.title === 'Hostile')?.message).toBe(hostile);
    // The inactive WARNING of the seed is left out.
    expect(data.some((a) => a.type === 'WARNING')).toBe(false);
  });

  it('answers customers an empty list', async () => {
    expect(await listAnnouncements(as(customer))).toEqual({ data: [] });
  });
});

describe('GET /system/issue-notifications/', () => {
  it('answers active, unresolved issue notices to everyone, customers included', async () => {
    await database.db.insert(issueNotices).values({ message: '<p>Switched off</p>', isActive: false });
    for (const who of [owner, customer, staff]) {
      const { data } = await listIssueNotifications(as(who));
      expect(data.map((n) => n.message)).toEqual([expect.stringContaining('slow DNS propagation')]);
    }
  });
});

describe('GET /billing/overdue-notice/', () => {
  it("lists the company's open invoices past their due date, and nothing of another company", async () => {
    const past = new Date(Date.now() - 86_400_000);
    const [theirs] = await database.db
      .insert(invoices)
      .values({ companyGuid: bluebird.company, status: 'UNPAID', companyName: 'Bluebird Media Ltd', currency: 'EUR', dateDue: past })
      .returning({ id: invoices.id });
    const { data } = await getOverdueNotice(as(owner));
    expect(data.length).toBeGreaterThan(0);
    expect(data).not.toContain(theirs!.id);
    const rows = await database.db.select().from(invoices).where(eq(invoices.companyGuid, owner.company));
    const expected = rows.filter((i) => (i.status === 'UNPAID' || i.status === 'PARTIALLY_PAID') && i.dateDue.getTime() < Date.now()).map((i) => i.id);
    expect([...data].sort()).toEqual([...expected].sort());
    expect((await getOverdueNotice(as(bluebird))).data).toContain(theirs!.id);
  });

  it('answers an empty list without can_view_billing, and to customers', async () => {
    expect(await getOverdueNotice(as(staff))).toEqual({ data: [] });
    expect(await getOverdueNotice(as(customer))).toEqual({ data: [] });
  });
});

describe('GET /hosting/suspended-notice/', () => {
  it("lists the company's suspended hosting accounts with guid and name", async () => {
    const { data } = await getSuspendedNotice(as(owner));
    expect(data.map((h) => h.name)).toEqual(['Old Reseller']);
    const [row] = await database.db.select().from(hostingAccounts).where(eq(hostingAccounts.guid, data[0]!.guid));
    expect(row).toMatchObject({ companyGuid: owner.company, status: 'SUSPENDED' });
    expect((await getSuspendedNotice(as(bluebird))).data).toEqual([]);
  });

  it('answers customers an empty list, and respects the allowed hosting accounts of the membership', async () => {
    expect(await getSuspendedNotice(as(customer))).toEqual({ data: [] });
    const [other] = await database.db
      .select({ guid: hostingAccounts.guid })
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, owner.company), eq(hostingAccounts.name, 'Main Shared Hosting')));
    const staffUser = (await database.db.select({ guid: users.guid }).from(users).where(eq(users.email, 'staff@hostdeck.test')))[0]!.guid;
    const [membership] = await database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userGuid, staffUser), eq(memberships.companyGuid, owner.company)));
    expect(membership!.permissions).toContain('can_view_hosting');
    expect((await getSuspendedNotice(as(staff))).data.map((h) => h.name)).toEqual(['Old Reseller']);
    await database.db
      .update(memberships)
      .set({ allowedHostingAccounts: [other!.guid] })
      .where(eq(memberships.guid, membership!.guid));
    expect(await getSuspendedNotice(as(staff))).toEqual({ data: [] });
    await database.db.update(memberships).set({ allowedHostingAccounts: [] }).where(eq(memberships.guid, membership!.guid));
  });
});

describe('/account/account-setup/', () => {
  const todoOf = async (who: Session) => (await whoami(t.client(who))).user.todo_list;

  it('sets one to-do flag, answers the list and records it', async () => {
    expect((await todoOf(owner))?.set_up_domains).toBe(false);
    const answer = await completeTodoItem(t.client({ token: owner.token }), { set_up_domains: true });
    expect(answer.todo_list).toMatchObject({ set_up_domains: true, set_up_ip_group: true, closed: false });
    expect((await todoOf(owner))?.set_up_domains).toBe(true);
    expect(await lastActivity(ownerGuid)).toMatchObject({ verb: 'completed the account set-up step', actionObject: 'Add your domains' });
  });

  it('refuses an unknown item, several items, a false value and an empty body, changing nothing', async () => {
    const before = await todoOf(owner);
    const cases: [unknown, string][] = [
      [{ set_up_everything: true }, UNKNOWN_TODO_MESSAGE],
      [{ closed: true }, UNKNOWN_TODO_MESSAGE],
      [{ set_up_ip_group: true, set_up_domains: true }, ONE_TODO_MESSAGE],
      [{ set_up_hosting_account: false }, ONE_TODO_MESSAGE],
      [{}, ONE_TODO_MESSAGE],
      [['set_up_domains'], BODY_NOT_OBJECT],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', '/account/account-setup/', { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json(), JSON.stringify(body)).toMatchObject({ errors: [message] });
    }
    expect(await todoOf(owner)).toEqual(before);
    expect(UNKNOWN_TODO_MESSAGE).toMatch(/^Unknown to-do item\./);
  });

  it('is refused without can_view_billing and to customers', async () => {
    for (const who of [staff, customer]) {
      const api = t.client({ token: who.token });
      await expect(completeTodoItem(api, { set_up_domains: true })).rejects.toMatchObject({ status: 403 });
      await expect(closeTodoList(api)).rejects.toMatchObject({ status: 403 });
    }
  });

  it('closes the list, records it, and starts a list for a user who had none', async () => {
    expect((await closeTodoList(t.client({ token: owner.token }))).todo_list.closed).toBe(true);
    expect((await todoOf(owner))?.closed).toBe(true);
    expect(await lastActivity(ownerGuid)).toMatchObject({ verb: 'closed', actionObject: 'the account set-up to-do list' });

    expect(await todoOf(bluebird)).toBeNull();
    const first = await completeTodoItem(t.client({ token: bluebird.token }), { set_up_ip_group: true });
    expect(first.todo_list).toEqual({
      set_up_hosting_account: false,
      set_up_ip_group: true,
      set_up_add_ip_addresses: false,
      set_up_domain_group: false,
      set_up_domains: false,
      closed: false,
    });
  });
});

describe('GET /dashboard/ Quick FAQ', () => {
  it('gives non-customers the FAQ entries and customers none', async () => {
    const mine = await getDashboard(as(owner));
    expect(mine.faq.length).toBeGreaterThanOrEqual(3);
    expect(mine.faq[0]).toEqual({ question: expect.stringMatching(/\?$/), answer: expect.stringContaining('<p>') });
    expect((await getDashboard(as(staff))).faq.length).toBe(mine.faq.length);
    expect((await getDashboard(as(customer))).faq).toEqual([]);
  });
});
