import { z } from 'zod';
import { companyVatRoutes } from '../requests/company-vat';
import { defineOperation, guidParam, messageAnswer, pageOf } from './define';
import { accountListQuery } from './account-activity';
import { COMPANY_SCOPES } from '../rules/company-tabs';
import { EDIT_VAT_SCOPES, VAT_NOT_FOUND, vatAddSchema } from '../schemas/company-vat';
import { COMPANY_NOT_FOUND } from '../schemas/company';

/** Company > VAT (spec part 3, 2.9, 3 "VAT id", 4, 6 can_view_vat / can_edit_vat, 7). */
export const vatIdRow = z
  .object({
    guid: z.guid(),
    vat_id: z.string(),
    /** ACTIVE or DISABLED. */
    status: z.string(),
    date_created: z.iso.datetime(),
    date_updated: z.iso.datetime().nullable(),
  })
  .meta({ id: 'VatId' });
export type VatIdRow = z.infer<typeof vatIdRow>;

const area = 'company';
const own = { area, customers: false } as const;

export const listVatOp = defineOperation({
  ...companyVatRoutes.listVat,
  ...own,
  summary: "The company's VAT ids, newest first",
  params: z.object({ guid: guidParam }),
  companyPath: COMPANY_NOT_FOUND,
  query: accountListQuery,
  answer: pageOf(vatIdRow),
  scopes: COMPANY_SCOPES.vat,
  notFound: COMPANY_NOT_FOUND,
});
export const addVatOp = defineOperation({
  ...companyVatRoutes.addVat,
  ...own,
  summary: 'Adds a VAT id (format and checksum checked); it becomes the active one, on the invoices issued from now on',
  params: z.object({ guid: guidParam }),
  companyPath: COMPANY_NOT_FOUND,
  body: vatAddSchema,
  answer: messageAnswer.extend({ vat: vatIdRow }),
  status: 201,
  scopes: EDIT_VAT_SCOPES,
  notFound: COMPANY_NOT_FOUND,
});
export const disableVatOp = defineOperation({
  ...companyVatRoutes.disableVat,
  ...own,
  summary: 'Disables an active VAT id',
  params: z.object({ guid: guidParam, vatGuid: guidParam }),
  companyPath: VAT_NOT_FOUND,
  answer: messageAnswer,
  scopes: EDIT_VAT_SCOPES,
  notFound: VAT_NOT_FOUND,
});
