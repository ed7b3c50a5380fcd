import { z } from 'zod/mini';
import { text } from './text';

/** Partner Details (spec part 3, 2.9 and 3 "Partner details"; 8: 'Details successfully updated!'). */
export const PARTNER_SAVED = 'Details successfully updated!';
export const PARTNER_ONLY = 'Partner details are available to partner companies only.';
export const PARTNER_DOMAIN_TAKEN = 'This domain is already used by another partner.';
export const COLOUR_INVALID = 'Please enter a colour as #rrggbb!';
export const URL_INVALID = 'Please enter a valid URL starting with http:// or https://!';
export const DOMAIN_INVALID = 'Please enter a valid domain name!';
export const SUPPORT_EMAIL_INVALID = 'Please enter a valid support email!';
export const LOGO_INVALID = 'Please upload the logo as a PNG, JPEG, WebP, GIF or SVG image!';
/**
 * The logo is an uploaded image kept as a data URL: the panel's CSP shows images from itself and
 * data: URLs only, and a remote logo would have every page call a third party. It rides in the
 * session answer of every page, so it is kept small.
 */
export const LOGO_MAX_BYTES = 100 * 1024;
export const LOGO_TOO_LARGE = 'The logo image can be at most 100 KiB.';
/** The data URL's own length allows for base64's 4/3 and its header. */
export const LOGO_MAX_CHARS = Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 64;

export const COLOUR_FIELDS = [
  'primary_color',
  'header_background_color',
  'primary_button_color',
  'primary_button_hover_color',
  'primary_button_text_color',
  'primary_button_hover_text_color',
] as const;
export type ColourField = (typeof COLOUR_FIELDS)[number];
export const COLOUR_LABELS: Record<ColourField, string> = {
  primary_color: 'Primary colour',
  header_background_color: 'Header background colour',
  primary_button_color: 'Primary button colour',
  primary_button_hover_color: 'Primary button hover colour',
  primary_button_text_color: 'Primary button text colour',
  primary_button_hover_text_color: 'Primary button hover text colour',
};

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** WCAG relative luminance of #rrggbb. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
/** WCAG AA for normal text: the panel stays readable (and axe-clean) in a partner's colours. */
export const MIN_CONTRAST = 4.5;
export const CONTRAST_TOO_LOW = 'Please choose colours with a contrast of at least 4.5:1 (button text on its button, the primary colour on light backgrounds)!';
/**
 * The light theme's most tinted surface the primary colour is shown on (--active-bg: the
 * active menu entry, the avatar); links on every other light surface then read too.
 */
const LIGHTEST_TINT = '#e4edfb';
/** Pairs that must read: [text, background]. */
const CONTRAST_PAIRS: readonly [ColourField | typeof LIGHTEST_TINT, ColourField][] = [
  ['primary_button_text_color', 'primary_button_color'],
  ['primary_button_hover_text_color', 'primary_button_hover_color'],
  [LIGHTEST_TINT, 'primary_color'],
];
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const DATA_LOGO = /^data:image\/(png|jpeg|webp|gif|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
};

/** An optional text: blank becomes null. */
const optional = (label: string, max: number, check?: { ok: (v: string) => boolean; message: string }) =>
  z._default(
    z.nullable(
      z
        .pipe(
          text({ label, max }),
          z.transform((v: string) => v || null),
        )
        .check(z.refine((v: string | null) => v === null || !check || check.ok(v), check?.message ?? '')),
    ),
    null,
  );

const colour = (field: ColourField) => optional(COLOUR_LABELS[field], 7, { ok: (v) => COLOUR.test(v), message: COLOUR_INVALID });

export const partnerDetailsSchema = z
  .object({
    custom_domain: optional('Custom domain', 253, { ok: (v) => DOMAIN.test(v), message: DOMAIN_INVALID }),
    custom_logo: z._default(
      z.nullable(
        z
          .pipe(
            z.string({ error: LOGO_INVALID }).check(z.trim(), z.maxLength(LOGO_MAX_CHARS, LOGO_TOO_LARGE)),
            z.transform((v: string) => v || null),
          )
          .check(z.refine((v: string | null) => v === null || DATA_LOGO.test(v), LOGO_INVALID)),
      ),
      null,
    ),
    show_support_info: z._default(z.boolean(), false),
    support_name: optional('Support name', 150),
    support_email: optional('Support email', 254, { ok: (v) => z.email().safeParse(v).success, message: SUPPORT_EMAIL_INVALID }),
    support_phone: optional('Support phone', 40),
    support_url: optional('Support URL', 2000, { ok: isHttpUrl, message: URL_INVALID }),
    use_custom_styles: z._default(z.boolean(), false),
    primary_color: colour('primary_color'),
    header_background_color: colour('header_background_color'),
    primary_button_color: colour('primary_button_color'),
    primary_button_hover_color: colour('primary_button_hover_color'),
    primary_button_text_color: colour('primary_button_text_color'),
    primary_button_hover_text_color: colour('primary_button_hover_text_color'),
  })
  .check(
    // Custom styles on: every colour is needed, or the panel would mix the brand with the default.
    z.superRefine((v, ctx) => {
      if (!v.use_custom_styles) return;
      for (const f of COLOUR_FIELDS) if (!v[f]) ctx.issues.push({ code: 'custom', message: COLOUR_INVALID, path: [f], input: v[f] });
      for (const [text, background] of CONTRAST_PAIRS) {
        const fg = text === LIGHTEST_TINT ? text : v[text];
        const bg = v[background];
        if (fg && bg && COLOUR.test(fg) && COLOUR.test(bg) && contrastRatio(fg, bg) < MIN_CONTRAST) {
          ctx.issues.push({ code: 'custom', message: CONTRAST_TOO_LOW, path: [text === LIGHTEST_TINT ? background : text], input: bg });
        }
      }
    }),
  );
export type PartnerDetailsInput = z.input<typeof partnerDetailsSchema>;
export type PartnerDetailsData = z.output<typeof partnerDetailsSchema>;
