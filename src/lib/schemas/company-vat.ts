import { z } from 'zod/mini';
import { required } from './text';
import { VAT_INVALID } from './register';
import { COMPANY_SCOPES } from '../rules/company-tabs';

/** Add and disable need can_edit_vat (spec part 3, 6). */
export const EDIT_VAT_SCOPES = [...COMPANY_SCOPES.vat, 'can_edit_vat'] as const;

/** Company > VAT (spec part 3, 2.9; 5 "VAT id": format hint EE123456789; 8). */
export const VAT_HINT = 'EE123456789';
export const VAT_ADDED = 'VAT id successfully added!';
export const VAT_DISABLED = 'VAT id successfully disabled!';
export const VAT_REQUIRED = 'Please enter a VAT id!';
/** Format and checksum, checked by the server with the sign-up's VAT rule (jsvat). */
export const VAT_ID_INVALID = VAT_INVALID;
export const VAT_ALREADY_ACTIVE = 'This VAT id is already the active one.';
/** Spec part 3, 4: an ACTIVE id can be disabled; no other transition. */
export const VAT_NOT_ACTIVE = 'Only an active VAT id can be disabled.';
export const VAT_NOT_FOUND = 'VAT id not found.';

/** Spaces, dots and dashes are dropped and letters upper-cased, as at sign-up. */
export const vatAddSchema = z.object({
  vat_id: z.pipe(
    required(VAT_REQUIRED, { label: 'VAT id', max: 20 }),
    z.transform((v: string) => v.replace(/[\s.-]/g, '').toUpperCase()),
  ),
});
export type VatAddInput = z.input<typeof vatAddSchema>;
