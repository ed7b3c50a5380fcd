import { z } from 'zod';
import { partnerDetailsRoutes } from '../requests/partner-details';
import { defineOperation, messageAnswer } from './define';
import { COMPANY_SCOPES } from '../rules/company-tabs';
import { partnerDetailsSchema } from '../schemas/partner-details';

/** Partner Details: the white label of a partner company (spec part 3, 2.9, 3 "Partner details", 4, 6 "needs is_partner"). */
const colour = z.string().nullable();
export const partnerDetails = z
  .object({
    custom_domain: z.string().nullable(),
    custom_logo: z.string().nullable(),
    support: z.object({
      show_support_info: z.boolean(),
      support_name: z.string().nullable(),
      support_email: z.string().nullable(),
      support_phone: z.string().nullable(),
      support_url: z.string().nullable(),
    }),
    custom_styles: z.object({
      use_custom_styles: z.boolean(),
      primary_color: colour,
      header_background_color: colour,
      primary_button_color: colour,
      primary_button_hover_color: colour,
      primary_button_text_color: colour,
      primary_button_hover_text_color: colour,
    }),
  })
  .meta({ id: 'PartnerDetails' });
export type PartnerDetails = z.infer<typeof partnerDetails>;

const own = { area: 'company', customers: false } as const;

export const getPartnerDetailsOp = defineOperation({
  ...partnerDetailsRoutes.getPartnerDetails,
  ...own,
  summary: "The partner company's white label (403 for other companies)",
  answer: partnerDetails,
  scopes: COMPANY_SCOPES.partnerdetails,
});
export const savePartnerDetailsOp = defineOperation({
  ...partnerDetailsRoutes.savePartnerDetails,
  ...own,
  summary: "Saves the partner company's white label; its custom styles restyle the panel for the company",
  body: partnerDetailsSchema,
  answer: messageAnswer.extend({ details: partnerDetails, styles_changed: z.boolean().describe('The panel reloads to show the new styles (spec part 3, 4).') }),
  scopes: COMPANY_SCOPES.editProfile,
});
