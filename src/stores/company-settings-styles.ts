import { contrastRatio } from '../lib/schemas/partner-details';

/**
 * A partner's custom styles (Partner Details, spec part 3, 2.9: "colours and logo restyle the
 * panel for that company") as CSS custom properties of the document, set through the CSSOM (the
 * panel's CSP allows no inline style attributes, but properties set from script are fine).
 * The session's company carries them (`white_label.custom_styles`, written when the partner
 * saves); another company, or styles turned off, takes the panel's own look back. The shell
 * applies them to the page (src/islands/shell/company-styles.ts).
 */
const PROPERTIES: Record<string, readonly string[]> = {
  primary_color: ['--link', '--focus', '--active-text'],
  header_background_color: ['--header-bg'],
  primary_button_color: ['--primary'],
  primary_button_hover_color: ['--primary-hover'],
  primary_button_text_color: ['--on-primary'],
  primary_button_hover_text_color: ['--on-primary-hover'],
};
/** Every property a company's styles may set, so the ones no longer wanted are removed. */
export const STYLE_PROPERTIES: readonly string[] = [...Object.values(PROPERTIES).flat(), '--header-text'];
/**
 * In the dark theme only the buttons take the partner's colours (they carry their own text
 * colour): a brand's link or header colour picked for a light page would not read on a dark one.
 */
const DARK_FIELDS = new Set(['primary_button_color', 'primary_button_hover_color', 'primary_button_text_color', 'primary_button_hover_text_color']);
const COLOUR = /^#[0-9a-f]{6}$/i;

/** Black or white, whichever reads better on `hex` (WCAG contrast). */
export const readableOn = (hex: string): '#000000' | '#ffffff' => (contrastRatio(hex, '#000000') >= contrastRatio(hex, '#ffffff') ? '#000000' : '#ffffff');

/** The properties a company's styles set; empty for none. */
export function styleProperties(styles: unknown, dark = false): Record<string, string> {
  if (!styles || typeof styles !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(styles as Record<string, unknown>)) {
    if (typeof value !== 'string' || !COLOUR.test(value) || !PROPERTIES[field] || (dark && !DARK_FIELDS.has(field))) continue;
    for (const property of PROPERTIES[field]) out[property] = value;
    if (field === 'header_background_color') out['--header-text'] = readableOn(value);
  }
  return out;
}

/** A partner's uploaded logo for the sidebar (a data URL, which the panel's CSP allows), or null for the provider's. */
export function companyLogo(whiteLabel: Record<string, unknown> | null | undefined): string | null {
  const logo = whiteLabel?.logo;
  return typeof logo === 'string' && logo.startsWith('data:image/') ? logo : null;
}
