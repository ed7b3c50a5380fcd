import type { partnerDetails } from '../db/schema/index';

/** The CSS custom properties a partner's colours set (src/stores/company-settings-styles.ts applies them). */
export type CustomStyles = Record<string, string>;

/** The partner's colours when its custom styles are on, else null (the provider's look). */
export function customStylesOf(r: typeof partnerDetails.$inferSelect): CustomStyles | null {
  if (!r.useCustomStyles) return null;
  const pairs = {
    primary_color: r.primaryColor,
    header_background_color: r.headerBackgroundColor,
    primary_button_color: r.primaryButtonColor,
    primary_button_hover_color: r.primaryButtonHoverColor,
    primary_button_text_color: r.primaryButtonTextColor,
    primary_button_hover_text_color: r.primaryButtonHoverTextColor,
  };
  return Object.fromEntries(Object.entries(pairs).filter((e): e is [string, string] => Boolean(e[1])));
}

/** The company's `white_label` with the partner's styles and logo: the session answer carries it to the panel. */
export function companyStyles(current: Record<string, unknown> | null, styles: CustomStyles | null, logo: string | null): Record<string, unknown> {
  return { ...(current ?? {}), custom_styles: styles, logo };
}
