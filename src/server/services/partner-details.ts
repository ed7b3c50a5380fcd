import type { Context } from 'hono';
import { and, eq, ne } from 'drizzle-orm';
import type { PartnerDetails } from '../../lib/api/partner-details';
import { PARTNER_DOMAIN_TAKEN, PARTNER_ONLY, type PartnerDetailsData } from '../../lib/schemas/partner-details';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { isUniqueViolation, lockCompany } from '../db/locks';
import { companies, partnerDetails } from '../db/schema/index';
import { forbidden, problem } from '../http/errors';
import { recordActivity } from './activity';
import { companyStyles, customStylesOf } from './partner-styles';

/**
 * Partner Details (spec part 3, 2.9, 3, 4, 7): the partner's white label. Its custom styles (and
 * logo) are copied into the company's `white_label`, which the session answer carries, so the
 * panel restyles itself for that company (src/stores/company-settings-styles.ts).
 */

type Row = typeof partnerDetails.$inferSelect;

const detailsJson = (r: Row | undefined): PartnerDetails => ({
  custom_domain: r?.customDomain ?? null,
  custom_logo: r?.customLogo ?? null,
  support: {
    show_support_info: r?.showSupportInfo ?? false,
    support_name: r?.supportName ?? null,
    support_email: r?.supportEmail ?? null,
    support_phone: r?.supportPhone ?? null,
    support_url: r?.supportUrl ?? null,
  },
  custom_styles: {
    use_custom_styles: r?.useCustomStyles ?? false,
    primary_color: r?.primaryColor ?? null,
    header_background_color: r?.headerBackgroundColor ?? null,
    primary_button_color: r?.primaryButtonColor ?? null,
    primary_button_hover_color: r?.primaryButtonHoverColor ?? null,
    primary_button_text_color: r?.primaryButtonTextColor ?? null,
    primary_button_hover_text_color: r?.primaryButtonHoverTextColor ?? null,
  },
});

const columnsOf = (d: PartnerDetailsData) => ({
  customDomain: d.custom_domain?.toLowerCase() ?? null,
  customLogo: d.custom_logo,
  showSupportInfo: d.show_support_info,
  supportName: d.support_name,
  supportEmail: d.support_email,
  supportPhone: d.support_phone,
  supportUrl: d.support_url,
  useCustomStyles: d.use_custom_styles,
  primaryColor: d.primary_color?.toLowerCase() ?? null,
  headerBackgroundColor: d.header_background_color?.toLowerCase() ?? null,
  primaryButtonColor: d.primary_button_color?.toLowerCase() ?? null,
  primaryButtonHoverColor: d.primary_button_hover_color?.toLowerCase() ?? null,
  primaryButtonTextColor: d.primary_button_text_color?.toLowerCase() ?? null,
  primaryButtonHoverTextColor: d.primary_button_hover_text_color?.toLowerCase() ?? null,
});

/** Spec part 3, 6: Partner Details needs is_partner; another company is refused (403), not hidden: it knows its own kind. */
async function partnerCompany(db: Db, companyGuid: string) {
  const [co] = await db.select({ isPartner: companies.isPartner, whiteLabel: companies.whiteLabel }).from(companies).where(eq(companies.guid, companyGuid));
  if (!co?.isPartner) throw forbidden(PARTNER_ONLY);
  return co;
}

export async function partnerDetailsOf(db: Db, companyGuid: string): Promise<PartnerDetails> {
  await partnerCompany(db, companyGuid);
  const [row] = await db.select().from(partnerDetails).where(eq(partnerDetails.companyGuid, companyGuid));
  return detailsJson(row);
}

/**
 * Saves the partner's details (one row per company; a custom domain is one partner's only) and
 * copies the styles into the company's white label, under the company's lock. Answers the details
 * and whether the styles changed, which reloads the panel.
 */
export async function savePartnerDetails(c: Context<AppEnv>, body: PartnerDetailsData): Promise<{ details: PartnerDetails; stylesChanged: boolean }> {
  const { db, now } = c.var.deps;
  const companyGuid = c.var.company.guid;
  const values = columnsOf(body);
  const domainTaken = () => problem(409, PARTNER_DOMAIN_TAKEN, { code: 'conflict', fields: { custom_domain: PARTNER_DOMAIN_TAKEN } });
  const { row, stylesChanged } = await db
    .transaction(async (tx) => {
      await lockCompany(tx, companyGuid);
      const co = await partnerCompany(tx, companyGuid);
      if (values.customDomain) {
        const [taken] = await tx
          .select({ guid: partnerDetails.companyGuid })
          .from(partnerDetails)
          .where(and(eq(partnerDetails.customDomain, values.customDomain), ne(partnerDetails.companyGuid, companyGuid)));
        if (taken) throw domainTaken();
      }
      const [before] = await tx.select().from(partnerDetails).where(eq(partnerDetails.companyGuid, companyGuid)).for('update');
      const [saved] = await tx
        .insert(partnerDetails)
        .values({ companyGuid, ...values, dateUpdated: now() })
        .onConflictDoUpdate({ target: partnerDetails.companyGuid, set: { ...values, dateUpdated: now() } })
        .returning();
      const styles = customStylesOf(saved!);
      await tx
        .update(companies)
        .set({ whiteLabel: companyStyles(co.whiteLabel, styles, saved!.customLogo) })
        .where(eq(companies.guid, companyGuid));
      await recordActivity(c, { verb: 'updated', object: 'the partner details', objectType: 'partner_details' }, tx);
      return { row: saved!, stylesChanged: JSON.stringify(before ? customStylesOf(before) : null) !== JSON.stringify(styles) };
    })
    .catch((error: unknown) => {
      // Another company took the domain since the check above: its unique index says so.
      throw isUniqueViolation(error) ? domainTaken() : error;
    });
  return { details: detailsJson(row), stylesChanged };
}
