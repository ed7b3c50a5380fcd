import { z } from 'zod';
import { serviceRoutes } from '../requests/services';
import { websiteSetupSchema } from '../schemas/services';
import { defineOperation } from './define';

/** The services page's website order and the support page (spec part 3, 2.11, 2.12, 7 "Services and search"). */

export const websiteSetupCreated = z.object({ message: z.string(), invoice_id: z.number().int(), order_id: z.number().int() }).meta({ id: 'WebsiteSetupCreated' });

export const createWebsiteSetupOrderOp = defineOperation({
  ...serviceRoutes.createWebsiteSetupOrder,
  area: 'services',
  summary: 'Orders the done-for-you website setup: a PENDING order and its UNPAID invoice (answers invoice_id)',
  body: websiteSetupSchema,
  answer: websiteSetupCreated,
  status: 201,
  // Spec part 3, 2.1: /services needs can_view_billing; 6: can_add_orders places orders.
  scopes: ['can_view_billing', 'can_add_orders'],
  idempotent: true,
});

export const supportDepartment = z
  .object({
    key: z.enum(['technical', 'sales', 'billing', 'abuse']),
    name: z.string(),
    email: z.string(),
    /** When the department answers (spec part 3, 9 "Support"). */
    hours: z.string(),
  })
  .meta({ id: 'SupportDepartment' });
export type SupportDepartment = z.infer<typeof supportDepartment>;

export const supportPageAnswer = z
  .object({
    departments: z.array(supportDepartment),
    /** Where tickets are opened: the provider's support panel, or a mail to technical support. */
    support_panel_url: z.string(),
    /** The knowledge base's articles, in the provider's order; each opens through GET /system/support/{id}/. */
    articles: z.array(z.object({ slug: z.string(), title: z.string() })),
  })
  .meta({ id: 'SupportPage' });
export type SupportPage = z.infer<typeof supportPageAnswer>;

/** The support page's contacts, hours and articles (spec part 3, 2.11); the account manager comes with whoami. */
export const supportPageOp = defineOperation({
  ...serviceRoutes.supportPage,
  area: 'support',
  summary: "The provider's support contacts, their hours and the knowledge base's articles",
  answer: supportPageAnswer,
  // Spec part 3, 2.1: /support is not for customers.
  customers: false,
});
