import type { Api } from '../api/client';
import { ipMarketplace, ipOrderOptions } from '../requests/ip-orders';
import type { IpOrderCalls } from './flow';

/** The order's calls over an Api instance: the panel's and the CLI's. */
export const ipOrderCalls = (api: Api): IpOrderCalls => ({
  marketplace: (type, filter, excluded) => ipMarketplace(api, { ip_type: type, ip_filter: filter, exclude: [...excluded] }).then((page) => page.data),
  options: (coupon) => ipOrderOptions(api, coupon ? { coupon } : {}),
});
