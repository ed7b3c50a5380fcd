import { updateCompanyProfileOp, updateInvoiceNotesOp } from '../../lib/api/company';
import { implement } from '../http/operation';
import { updateCompanyProfile, updateInvoiceNotes } from '../services/companies';

/** The Profile tab's writes (spec part 3, 2.9 Profile, 5 'Company profile', 7). */
export const companyProfileOperations = [
  implement(updateCompanyProfileOp, async (c, { body }) => ({ message: 'Company successfully updated!', company: await updateCompanyProfile(c, body) })),
  implement(updateInvoiceNotesOp, async (c, { body }) => ({ message: 'Invoice notes successfully updated!', invoice_notes: await updateInvoiceNotes(c, body.invoice_notes) })),
];
