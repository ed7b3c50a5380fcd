import type { Api } from '../api/client';
import { call } from '../api/send';
import type { getPartnerDetailsOp, savePartnerDetailsOp } from '../api/partner-details';
import type { PartnerDetailsInput } from '../schemas/partner-details';

/** Where each call of this area lives: written once here, spread into its definition in ../api/partner-details.ts. */
export const partnerDetailsRoutes = {
  getPartnerDetails: { id: 'company.partner_details.get', method: 'get', path: '/account/partner-details/' },
  savePartnerDetails: { id: 'company.partner_details.save', method: 'post', path: '/account/partner-details/' },
} as const;

export const getPartnerDetails = (api: Api) => call<typeof getPartnerDetailsOp>(api, partnerDetailsRoutes.getPartnerDetails);
export const savePartnerDetails = (api: Api, body: PartnerDetailsInput) => call<typeof savePartnerDetailsOp>(api, partnerDetailsRoutes.savePartnerDetails, { body });
