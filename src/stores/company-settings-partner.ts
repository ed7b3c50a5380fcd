import { atom } from 'nanostores';
import type { PartnerDetails } from '../lib/api/partner-details';
import { getPartnerDetails, savePartnerDetails } from '../lib/requests/partner-details';
import { COLOUR_FIELDS, partnerDetailsSchema, type ColourField } from '../lib/schemas/partner-details';
import { createForm } from './form';
import { pageApi } from './company-page';
import { environment } from './environment';
import { toastError } from './toasts';

/** The Partner Details form as its fields hold it: texts (empty for none), two switches and the colours. */
export type PartnerValues = {
  custom_domain: string;
  custom_logo: string;
  show_support_info: boolean;
  support_name: string;
  support_email: string;
  support_phone: string;
  support_url: string;
  use_custom_styles: boolean;
} & Record<ColourField, string>;

export const partnerValues = (d: PartnerDetails): PartnerValues => ({
  custom_domain: d.custom_domain ?? '',
  custom_logo: d.custom_logo ?? '',
  show_support_info: d.support.show_support_info,
  support_name: d.support.support_name ?? '',
  support_email: d.support.support_email ?? '',
  support_phone: d.support.support_phone ?? '',
  support_url: d.support.support_url ?? '',
  use_custom_styles: d.custom_styles.use_custom_styles,
  ...(Object.fromEntries(COLOUR_FIELDS.map((f) => [f, d.custom_styles[f] ?? ''])) as Record<ColourField, string>),
});

/** null: loading; otherwise the details as saved. */
export const $partnerDetails = atom<PartnerDetails | null>(null);

export async function loadPartnerDetails(): Promise<void> {
  $partnerDetails.set(null);
  try {
    $partnerDetails.set(await getPartnerDetails(pageApi()));
  } catch (error) {
    toastError(error);
  }
}

/** Spec part 3, 4: when the custom styles changed, the page reloads 500 ms after the save, restyled. */
export const STYLE_RELOAD_MS = 500;

export const partnerForm = createForm<typeof partnerDetailsSchema, Awaited<ReturnType<typeof savePartnerDetails>>, PartnerValues>({
  schema: partnerDetailsSchema,
  input: (v) => v,
  send: (input) => savePartnerDetails(pageApi(), input),
  successToast: (answer) => answer.message,
  onSuccess: (answer) => {
    $partnerDetails.set(answer.details);
    if (answer.styles_changed) setTimeout(() => environment().reload(), STYLE_RELOAD_MS);
  },
});
