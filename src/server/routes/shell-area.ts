import { dashboardOperations } from './dashboard';
import { ipAddressOperations } from './ip-addresses';
import { noticeOperations } from './notices';
import { notificationOperations } from './notifications';
import { systemOperations } from './system';

/**
 * What the panel's frame calls on every page (branding, error codes, global search, support
 * articles, the bell and the banners), the home page (spec part 1, 2.5 and 2.7) and the
 * IP address list (spec part 3, 2.2).
 */
export const shellAreaOperations = [...systemOperations, ...dashboardOperations, ...notificationOperations, ...noticeOperations, ...ipAddressOperations];
