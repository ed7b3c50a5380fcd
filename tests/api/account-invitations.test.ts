import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { activityLogs, companies, invitations, memberships, users } from '../../src/server/db/schema/index';
import { INVITATION_CODE_WINDOW_MS, verifyInvitationCode } from '../../src/server/services/invitation-code';
import { acceptInvitation, getInvitationCode, listInvitations, revokeInvitation } from '../../src/lib/requests/account';
import { PRESETS } from '../../src/lib/rules/scopes';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;
let staff: { token: string; company: string };
let staffGuid: string;
let bluebirdGuid: string;
let bluebirdOwnerGuid: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  staff = await t.signIn('staff@hostdeck.test');
  const [u] = await database.db.select().from(users).where(eq(users.email, 'staff@hostdeck.test'));
  staffGuid = u!.guid;
  const [co] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  bluebirdGuid = co!.guid;
  const [owner] = await database.db.select().from(users).where(eq(users.email, 'bluebird@hostdeck.test'));
  bluebirdOwnerGuid = owner!.guid;
});
afterAll(() => database.close());

async function invite(status = 'PENDING', userGuid = staffGuid, invitedByGuid: string | null = bluebirdOwnerGuid) {
  const [row] = await database.db.insert(invitations).values({ companyGuid: bluebirdGuid, userGuid, status, invitedByGuid }).returning();
  return row!;
}

describe('GET /account/invitations/', () => {
  it('lists the invitations addressed to the user with company, status and date', async () => {
    const inv = await invite();
    const body = await listInvitations(t.client(staff), {});
    // The seed's own invitation for staff, then this one: newest first.
    expect(body.total).toBe(2);
    expect(body.data[0]).toEqual({ guid: inv.guid, company: { guid: bluebirdGuid, name: 'Bluebird Media Ltd' }, status: 'PENDING', date_created: inv.dateCreated.toISOString() });
    expect(body.data[1]).toMatchObject({ company: { name: 'Bluebird Media Ltd' }, status: 'PENDING' });
    await database.db.delete(invitations).where(eq(invitations.guid, inv.guid));
  });

  it('refuses customer-type users', async () => {
    const customer = t.client(await t.signIn('customer@hostdeck.test'));
    await expect(listInvitations(customer, {})).rejects.toMatchObject({ status: 403 });
    await expect(getInvitationCode(customer)).rejects.toMatchObject({ status: 403 });
  });
});

describe('GET /account/invitations/code/', () => {
  it('answers a code that identifies the user now and changes with the 10-minute window', async () => {
    const api = t.client(staff);
    const first = await getInvitationCode(api);
    expect(first.invitation_code).toMatch(/^[\w-]{22}-[\w-]{12}$/);
    expect(await verifyInvitationCode(database.db, first.invitation_code, t.deps.now())).toBe(staffGuid);
    expect(await verifyInvitationCode(database.db, first.invitation_code.slice(0, -1) + (first.invitation_code.endsWith('A') ? 'B' : 'A'), t.deps.now())).toBeNull();
    t.advance(INVITATION_CODE_WINDOW_MS);
    const second = await getInvitationCode(api);
    expect(second.invitation_code).not.toBe(first.invitation_code);
    // The code of the window before still works; two windows later it no longer does.
    expect(await verifyInvitationCode(database.db, first.invitation_code, t.deps.now())).toBe(staffGuid);
    t.advance(INVITATION_CODE_WINDOW_MS);
    expect(await verifyInvitationCode(database.db, first.invitation_code, t.deps.now())).toBeNull();
  });
});

describe('POST /account/invitations/{guid}/accept/', () => {
  it('accepts a pending invitation: membership as STAFF, status ACCEPTED, activity recorded', async () => {
    const api = t.client(staff);
    const inv = await invite();
    expect(await acceptInvitation(api, inv.guid)).toEqual({ message: 'Invitation successfully accepted!' });
    const [m] = await database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userGuid, staffGuid), eq(memberships.companyGuid, bluebirdGuid)));
    expect(m).toMatchObject({ accountType: 'STAFF', status: 'ACTIVE' });
    expect(m!.permissions).toContain('can_view_domains');
    const [row] = await database.db.select().from(invitations).where(eq(invitations.guid, inv.guid));
    expect(row!.status).toBe('ACCEPTED');
    const [log] = await database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.verb, 'accepted'), eq(activityLogs.actionObjectGuid, inv.guid)));
    expect(log).toMatchObject({ target: 'Bluebird Media Ltd', companyGuid: bluebirdGuid });

    await expect(acceptInvitation(api, inv.guid)).rejects.toMatchObject({ status: 400, body: { errors: ['This invitation is no longer pending.'] } });
  });

  it('gives no permission the inviter does not hold there, and none once the inviter has left', async () => {
    const [member] = await database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userGuid, staffGuid), eq(memberships.companyGuid, bluebirdGuid)));
    if (member) await database.db.delete(memberships).where(eq(memberships.guid, member.guid));
    const [owner] = await database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userGuid, bluebirdOwnerGuid), eq(memberships.companyGuid, bluebirdGuid)));
    await database.db
      .update(memberships)
      .set({ permissions: ['can_view_domains', 'can_view_billing'] })
      .where(eq(memberships.guid, owner!.guid));
    try {
      const inv = await invite();
      await acceptInvitation(t.client(staff), inv.guid);
      const [m] = await database.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.userGuid, staffGuid), eq(memberships.companyGuid, bluebirdGuid)));
      // What STAFF has of the inviter's two.
      expect([...m!.permissions].sort()).toEqual(PRESETS.STAFF.filter((s) => s === 'can_view_domains' || s === 'can_view_billing').sort());
      expect(m!.permissions).toContain('can_view_domains');
      await database.db.delete(memberships).where(eq(memberships.guid, m!.guid));

      const orphan = await invite('PENDING', staffGuid, null);
      await acceptInvitation(t.client(staff), orphan.guid);
      const [bare] = await database.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.userGuid, staffGuid), eq(memberships.companyGuid, bluebirdGuid)));
      expect(bare!.permissions).toEqual([]);
    } finally {
      await database.db.update(memberships).set({ permissions: owner!.permissions }).where(eq(memberships.guid, owner!.guid));
    }
  });

  it('refuses a second membership and rolls the invitation back', async () => {
    const inv = await invite();
    await expect(acceptInvitation(t.client(staff), inv.guid)).rejects.toMatchObject({ status: 400, body: { errors: ['You are already a member of this company.'] } });
    const [row] = await database.db.select().from(invitations).where(eq(invitations.guid, inv.guid));
    expect(row!.status).toBe('PENDING');
  });

  it('answers 404 for another user’s invitation and a malformed guid', async () => {
    const [bird] = await database.db.select().from(users).where(eq(users.email, 'customer@hostdeck.test'));
    const theirs = await invite('PENDING', bird!.guid);
    const api = t.client(staff);
    await expect(acceptInvitation(api, theirs.guid)).rejects.toMatchObject({ status: 404 });
    await expect(revokeInvitation(api, theirs.guid)).rejects.toMatchObject({ status: 404 });
    await expect(acceptInvitation(api, 'xyz')).rejects.toMatchObject({ status: 404 });
  });
});

describe('DELETE /account/invitations/{guid}/', () => {
  it('revokes a pending invitation and records it; a second revoke is refused', async () => {
    const api = t.client(staff);
    const inv = await invite();
    expect(await revokeInvitation(api, inv.guid)).toEqual({ message: 'Invitation successfully revoked!' });
    const [row] = await database.db.select().from(invitations).where(eq(invitations.guid, inv.guid));
    expect(row!.status).toBe('REVOKED');
    const [log] = await database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.verb, 'revoked'), eq(activityLogs.actionObjectGuid, inv.guid)));
    expect(log).toBeDefined();
    await expect(revokeInvitation(api, inv.guid)).rejects.toMatchObject({ status: 400 });
  });
});
