import { randomBytes } from 'node:crypto';
import { ALL_SCOPES, PRESETS, SCOPE_GROUPS, type Scope } from '../../lib/rules/scopes';
import { hashPassword } from '../auth/passwords';
import { EMPTY_TODO_LIST } from '../../lib/rules/todo-list';
import { accountManagers, companies, invitations, memberships, providers, users, type TodoList } from '../db/schema/index';
import { apiKeys, partnerDetails } from '../db/schema/index';
import type { SeedContext } from './context';
import { DEMO_ACCOUNTS, PARTNER_COMPANY_NAME, SECOND_COMPANY_NAME } from './demo-accounts';

export interface SeededIdentity {
  providerGuid: string;
  partnerGuid: string;
  secondGuid: string;
  demoGuid: string;
  staffGuid: string;
  customerGuid: string;
  bluebirdOwnerGuid: string;
  apiUserGuid: string;
}

const BILLING = new Set<string>(SCOPE_GROUPS.billing);
const unique = (scopes: readonly string[]) => [...new Set(scopes)];

/** Provider, account manager, the two companies, the demo accounts and their memberships. */
export async function seedIdentity(ctx: SeedContext): Promise<SeededIdentity> {
  const { db } = ctx;
  const [provider] = await db
    .insert(providers)
    .values({ name: 'Hostdeck Demo Provider', hostname: '', supportEmail: 'support@hostdeck.test', knowledgeBaseUrl: null })
    .returning({ guid: providers.guid });
  const [manager] = await db
    .insert(accountManagers)
    .values({ firstName: 'Maria', lastName: 'Kask', email: 'maria.kask@hostdeck.test', phone: '+372 5555 0142' })
    .returning({ guid: accountManagers.guid });

  const [partner, second] = await db
    .insert(companies)
    .values([
      {
        providerGuid: provider!.guid,
        name: PARTNER_COMPANY_NAME,
        address1: 'Narva mnt 7',
        city: 'Tallinn',
        region: 'Harju County',
        postalCode: '10117',
        country: 'EE',
        phone: '+372 600 1234',
        currency: 'USD',
        invoiceNotes: 'PO 2026-117. Please reference our account number on every invoice.',
        supportPin: '482913',
        isPartner: true,
        accountManagerGuid: manager!.guid,
        dateCreated: ctx.ago(420),
      },
      {
        providerGuid: provider!.guid,
        name: SECOND_COMPANY_NAME,
        address1: '14 Chapel Street',
        city: 'London',
        region: 'Greater London',
        postalCode: 'EC2A 4NE',
        country: 'GB',
        phone: '+44 20 7946 0321',
        currency: 'EUR',
        supportPin: '730155',
        isPartner: false,
        dateCreated: ctx.ago(200),
      },
    ])
    .returning({ guid: companies.guid });

  // The demo owner has done every step but adding domains.
  const todo: TodoList = { ...EMPTY_TODO_LIST, set_up_hosting_account: true, set_up_ip_group: true, set_up_add_ip_addresses: true, set_up_domain_group: true };
  const names: Record<string, [string, string]> = {
    'demo@hostdeck.test': ['Dana', 'Demo'],
    'staff@hostdeck.test': ['Sam', 'Staffer'],
    'customer@hostdeck.test': ['Chris', 'Customer'],
    'bluebird@hostdeck.test': ['Beatrice', 'Bird'],
  };
  const userRows = await Promise.all(
    DEMO_ACCOUNTS.map(async (a) => ({
      email: a.email,
      passwordHash: await hashPassword(a.password),
      firstName: names[a.email]?.[0] ?? 'Demo',
      lastName: names[a.email]?.[1] ?? 'User',
      isCustomer: a.email.startsWith('customer@'),
      emailVerifiedAt: ctx.ago(400),
      defaultCompanyGuid: a.email.startsWith('bluebird@') ? second!.guid : partner!.guid,
      todoList: a.email.startsWith('demo@') ? todo : null,
      invitationSeed: randomBytes(16).toString('hex'),
      dateCreated: ctx.ago(a.email.startsWith('demo@') ? 420 : 180),
    })),
  );
  const inserted = await db.insert(users).values(userRows).returning({ guid: users.guid, email: users.email });
  const byEmail = (email: string) => inserted.find((u) => u.email === email)!.guid;
  const demoGuid = byEmail('demo@hostdeck.test');
  const staffGuid = byEmail('staff@hostdeck.test');
  const customerGuid = byEmail('customer@hostdeck.test');
  const bluebirdOwnerGuid = byEmail('bluebird@hostdeck.test');

  // The API key's user never signs in with a password: its hash is of random bytes nobody knows.
  const [apiUser] = await db
    .insert(users)
    .values({
      email: 'api-deploy-7f3k@api.hostdeck.test',
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      firstName: 'Deploy script',
      lastName: '',
      userKind: 'API_USER',
      emailVerifiedAt: ctx.ago(60),
      defaultCompanyGuid: partner!.guid,
      dateCreated: ctx.ago(60),
    })
    .returning({ guid: users.guid });

  const member = (userGuid: string, companyGuid: string, accountType: string, permissions: readonly Scope[] | string[], daysAgo: number) => ({
    userGuid,
    companyGuid,
    accountType,
    permissions: unique(permissions),
    dateCreated: ctx.ago(daysAgo),
  });
  await db.insert(memberships).values([
    member(demoGuid, partner!.guid, 'OWNER', ALL_SCOPES, 420),
    member(demoGuid, second!.guid, 'STAFF', [...PRESETS.STAFF, 'can_switch_companies'], 150),
    member(
      staffGuid,
      partner!.guid,
      'STAFF',
      PRESETS.STAFF.filter((s) => !BILLING.has(s)),
      180,
    ),
    member(customerGuid, partner!.guid, 'CUSTOMER', PRESETS.CUSTOMER, 180),
    member(bluebirdOwnerGuid, second!.guid, 'OWNER', ALL_SCOPES, 200),
    member(apiUser!.guid, partner!.guid, 'API_USER', [...SCOPE_GROUPS.domains, ...SCOPE_GROUPS.domain_groups, 'can_view_ip_addresses'], 60),
  ]);
  await db.insert(apiKeys).values({
    companyGuid: partner!.guid,
    name: 'Deploy script',
    userGuid: apiUser!.guid,
    // The loopback addresses too, so the demo key works from the machine running the demo.
    allowedIpAddresses: ['127.0.0.1', '::1', '198.51.100.7', '198.51.100.8'],
    createdBy: demoGuid,
    dateExpires: ctx.ahead(180),
    dateCreated: ctx.ago(60),
  });
  await db.insert(invitations).values({
    companyGuid: second!.guid,
    userGuid: customerGuid,
    invitedByGuid: bluebirdOwnerGuid,
    status: 'PENDING',
    dateCreated: ctx.ago(3),
  });
  // Staff is in no other company: this one can be accepted from the account Invitations tab.
  await db.insert(invitations).values({
    companyGuid: second!.guid,
    userGuid: staffGuid,
    invitedByGuid: bluebirdOwnerGuid,
    status: 'PENDING',
    dateCreated: ctx.ago(2),
  });
  await db.insert(partnerDetails).values({
    companyGuid: partner!.guid,
    customDomain: 'panel.northwind-agency.test',
    customLogo: null,
    showSupportInfo: true,
    supportName: 'Northwind Support',
    supportEmail: 'help@northwind-agency.test',
    supportPhone: '+372 600 1299',
    supportUrl: 'https://northwind-agency.test/support',
    useCustomStyles: false,
    primaryColor: '#1f6feb',
    headerBackgroundColor: '#0d1117',
    primaryButtonColor: '#1f6feb',
    primaryButtonHoverColor: '#388bfd',
    primaryButtonTextColor: '#ffffff',
    primaryButtonHoverTextColor: '#ffffff',
    dateUpdated: ctx.ago(30),
  });
  return {
    providerGuid: provider!.guid,
    partnerGuid: partner!.guid,
    secondGuid: second!.guid,
    demoGuid,
    staffGuid,
    customerGuid,
    bluebirdOwnerGuid,
    apiUserGuid: apiUser!.guid,
  };
}
