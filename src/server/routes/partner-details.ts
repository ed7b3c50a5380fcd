import { getPartnerDetailsOp, savePartnerDetailsOp } from '../../lib/api/partner-details';
import { PARTNER_SAVED } from '../../lib/schemas/partner-details';
import { implement } from '../http/operation';
import { partnerDetailsOf, savePartnerDetails } from '../services/partner-details';

/** Partner Details (spec part 3, 2.9, 3, 4, 7): the partner's white label. */
export const partnerDetailsOperations = [
  implement(getPartnerDetailsOp, async (c) => partnerDetailsOf(c.var.deps.db, c.var.company.guid)),
  implement(savePartnerDetailsOp, async (c, { body }) => {
    const { details, stylesChanged } = await savePartnerDetails(c, body);
    return { message: PARTNER_SAVED, details, styles_changed: stylesChanged };
  }),
];
