import { addVatOp, disableVatOp, listVatOp } from '../../lib/api/company-vat';
import { VAT_ADDED, VAT_DISABLED } from '../../lib/schemas/company-vat';
import { implement } from '../http/operation';
import { addVatId, disableVatId, vatPage } from '../services/company-vat';

/** Company > VAT (spec part 3, 2.9, 4, 7): the list, adding an id (the new ACTIVE one) and disabling one. */
export const companyVatOperations = [
  implement(listVatOp, async (c, { query }) => vatPage(c.var.deps.db, c.var.company.guid, query)),
  implement(addVatOp, async (c, { body }) => ({ message: VAT_ADDED, vat: await addVatId(c, body.vat_id) })),
  implement(disableVatOp, async (c, { params }) => {
    await disableVatId(c, params.vatGuid);
    return { message: VAT_DISABLED };
  }),
];
