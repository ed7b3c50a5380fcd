import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { companies, partnerDetails } from '../../src/server/db/schema/index';
import type { PartnerDetails } from '../../src/lib/api/partner-details';
import type { SessionUser } from '../../src/lib/api/auth';
import {
  COLOUR_INVALID,
  CONTRAST_TOO_LOW,
  DOMAIN_INVALID,
  LOGO_INVALID,
  LOGO_TOO_LARGE,
  PARTNER_DOMAIN_TAKEN,
  PARTNER_ONLY,
  PARTNER_SAVED,
  SUPPORT_EMAIL_INVALID,
  URL_INVALID,
  type PartnerDetailsInput,
} from '../../src/lib/schemas/partner-details';
import type { TestApp } from './helpers/app';
import { useDemoAppWithBluebird, type Session } from './helpers/demo-app';
import { withoutOwnerScopes } from './helpers/scopes';

let database: Database;
let t: TestApp;
let demo: Session;
let bluebird: Session;

useDemoAppWithBluebird((app) => ({ database, t, demo, bluebird } = app));

const PATH = '/account/partner-details/';
type Refusal = { errors: string[]; fields?: Record<string, string> };

const STYLES = {
  primary_color: '#0B4FB3',
  header_background_color: '#ffffff',
  primary_button_color: '#0b5e2f',
  primary_button_hover_color: '#084a25',
  primary_button_text_color: '#ffffff',
  primary_button_hover_text_color: '#ffffff',
};
const details = (over: Partial<PartnerDetailsInput> = {}): PartnerDetailsInput => ({
  custom_domain: 'panel.northwind-agency.test',
  custom_logo: '',
  show_support_info: true,
  support_name: 'Northwind Support',
  support_email: 'help@northwind-agency.test',
  support_phone: '+372 600 1299',
  support_url: 'https://northwind-agency.test/support',
  use_custom_styles: true,
  ...STYLES,
  ...over,
});

describe('GET /account/partner-details/', () => {
  it('answers the partner company’s white label', async () => {
    const res = await t.call('GET', PATH, demo);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      custom_domain: 'panel.northwind-agency.test',
      support: { show_support_info: true, support_name: 'Northwind Support' },
      custom_styles: { use_custom_styles: false, primary_color: '#1f6feb' },
    } satisfies Partial<Record<keyof PartnerDetails, unknown>>);
  });

  it('refuses a company that is not a partner (403) and a viewer without can_view_company_info', async () => {
    const res = await t.call('GET', PATH, bluebird);
    expect(res.status).toBe(403);
    expect(((await res.json()) as Refusal).errors).toEqual([PARTNER_ONLY]);
    await withoutOwnerScopes(database, demo.company, ['can_view_company_info'], async () => {
      expect((await t.call('GET', PATH, demo)).status).toBe(403);
    });
  });
});

describe('POST /account/partner-details/', () => {
  it('refuses bad colours, URLs, email, domain and logo with their sentences', async () => {
    const res = await t.call('POST', PATH, {
      ...demo,
      body: details({
        primary_color: 'blue',
        header_background_color: '#fff',
        support_url: 'ftp://x.test',
        support_email: 'nobody',
        custom_domain: 'not a domain',
        custom_logo: 'https://cdn.example.test/logo.png',
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Refusal).fields).toEqual({
      primary_color: COLOUR_INVALID,
      header_background_color: COLOUR_INVALID,
      support_url: URL_INVALID,
      support_email: SUPPORT_EMAIL_INVALID,
      custom_domain: DOMAIN_INVALID,
      custom_logo: LOGO_INVALID,
    });
    const big = `data:image/png;base64,${'A'.repeat(200_000)}`;
    const tooLarge = await t.call('POST', PATH, { ...demo, body: details({ custom_logo: big }) });
    expect(((await tooLarge.json()) as Refusal).fields).toEqual({ custom_logo: LOGO_TOO_LARGE });
    // Custom styles on need every colour, and colours that read on each other.
    const partial = await t.call('POST', PATH, { ...demo, body: details({ primary_button_color: '' }) });
    expect(((await partial.json()) as Refusal).fields).toEqual({ primary_button_color: COLOUR_INVALID });
    const faint = await t.call('POST', PATH, { ...demo, body: details({ primary_button_text_color: '#7a7a7a', primary_color: '#1f6feb' }) });
    expect(((await faint.json()) as Refusal).fields).toEqual({ primary_button_text_color: CONTRAST_TOO_LOW, primary_color: CONTRAST_TOO_LOW });
  });

  it('refuses a custom domain another partner uses', async () => {
    const [other] = await database.db
      .insert(companies)
      .values({
        name: 'Other Partner Ltd',
        isPartner: true,
        supportPin: '424242',
        providerGuid: (await database.db.select().from(companies).where(eq(companies.guid, demo.company)))[0]!.providerGuid,
      })
      .returning();
    await database.db.insert(partnerDetails).values({ companyGuid: other!.guid, customDomain: 'panel.other.test' });
    const res = await t.call('POST', PATH, { ...demo, body: details({ custom_domain: 'PANEL.other.test' }) });
    expect(res.status).toBe(409);
    expect(((await res.json()) as Refusal).fields).toEqual({ custom_domain: PARTNER_DOMAIN_TAKEN });
  });

  it('saves the details; changed styles say so and reach the session’s company for the panel to apply', async () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const res = await t.call('POST', PATH, { ...demo, body: details({ custom_logo: logo }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; details: PartnerDetails; styles_changed: boolean };
    expect(body).toMatchObject({
      message: PARTNER_SAVED,
      styles_changed: true,
      details: { custom_logo: logo, custom_styles: { use_custom_styles: true, primary_color: '#0b4fb3', primary_button_color: '#0b5e2f' } },
    });
    const { user: me } = (await (await t.call('GET', '/account/whoami/', demo)).json()) as { user: SessionUser };
    expect(me.company.white_label).toMatchObject({ logo, custom_styles: { primary_button_color: '#0b5e2f', header_background_color: '#ffffff' } });

    const again = await t.call('POST', PATH, { ...demo, body: details({ custom_logo: logo, support_name: 'Help desk' }) });
    expect(((await again.json()) as { styles_changed: boolean }).styles_changed).toBe(false);

    const off = await t.call('POST', PATH, { ...demo, body: details({ use_custom_styles: false }) });
    expect(((await off.json()) as { styles_changed: boolean }).styles_changed).toBe(true);
    const { user: after } = (await (await t.call('GET', '/account/whoami/', demo)).json()) as { user: SessionUser };
    expect(after.company.white_label).toMatchObject({ custom_styles: null });
  });

  it('refuses a non-partner company and a viewer without can_edit_company_profile', async () => {
    const res = await t.call('POST', PATH, { ...bluebird, body: details() });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Refusal).errors).toEqual([PARTNER_ONLY]);
    await withoutOwnerScopes(database, demo.company, ['can_edit_company_profile'], async () => {
      expect((await t.call('POST', PATH, { ...demo, body: details() })).status).toBe(403);
    });
  });
});
