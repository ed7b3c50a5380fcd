import { modifySlotsOp } from '../../lib/api/ip-addresses';
import { SLOTS_INVOICED, SLOTS_SCHEDULED } from '../../lib/schemas/ip-addresses';
import { implement } from '../http/operation';
import { modifySlots } from '../services/ip-slots';

/** Modify website slots (spec part 3, 4 "Website slots", 5 "Modify slots", 9). */
export const ipSlotOperations = [
  implement(modifySlotsOp, async (c, { body }) => {
    const invoiceId = await modifySlots(c, body);
    return { message: invoiceId === null ? SLOTS_SCHEDULED : SLOTS_INVOICED, invoice_id: invoiceId };
  }),
];
