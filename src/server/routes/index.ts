import type { Implemented } from '../http/operation';
import { accountActivityOperations } from './account-activity';
import { accountOperations } from './account';
import { accountCompanyOperations } from './account-companies';
import { accountInvitationOperations } from './account-invitations';
import { accountProfileOperations } from './account-profile';
import { accountSetupOperations } from './account-setup';
import { dashboardOperations } from './dashboard';
import { ipAddressOperations } from './ip-addresses';
import { noticeOperations } from './notices';
import { notificationOperations } from './notifications';
import { systemOperations } from './system';
import { authOperations } from './auth';
import { publicAccountOperations } from './public-account';
import { twoFactorOperations } from './two-factor';
import { taskOperations } from './tasks';
import { taskEventsOperation } from './task-events';
import { domainGroupOperations } from './domain-groups';
import { domainOperations } from './domains';
import { domainBulkOperations } from './domain-bulk';
import { domainSoftwareOperations, softwareMigrationOperations } from './domain-software';
import { domainLoginOperations } from './domain-login';
import { domainPlacementOperations } from './domain-placement';
import { dnsZoneOperations } from './dns-zone';
import { hostingAccountOperations } from './hosting-accounts';
import { hostingCpanelOperations } from './hosting-cpanel';
import { hostingPlanOperations } from './hosting-plans';
import { hostingOrderOperations } from './hosting-orders';
import { domainWebOperations } from './domain-web';
import { domainExtrasOperations } from './domain-extras';
import { presetOperations } from './presets';
import { websiteOperations } from './websites';
import { firewallRuleOperations } from './firewall-rules';
import { firewallRulesetOperations } from './firewall-rulesets';
import { firewallPolicyOperations } from './firewall-policies';
import { firewallDryRunOperations } from './firewall-dry-run';
import { billingOrderOperations } from './billing-orders';
import { billingOrderActionOperations } from './billing-order-actions';
import { billingDocumentOperations } from './billing-documents';
import { ipActionOperations } from './ip-actions';
import { ipSlotOperations } from './ip-slots';
import { billingIpOrderOperations } from './billing-ip-orders';
import { billingPaymentOperations } from './billing-payments';
import { billingCancellationOperations } from './billing-cancellations';
import { affiliateOperations } from './affiliate';
import { serviceOperations } from './services';
import { companyVatOperations } from './company-vat';
import { companyLogOperations } from './company-logs';
import { companyEmailOperations } from './company-emails';
import { companyContactOperations } from './company-contacts';
import { partnerDetailsOperations } from './partner-details';
import { companyProfileOperations } from './company-profile';
import { companyUserOperations } from './company-users';
import { companyInvitationOperations } from './company-invitations';
import { companyApiKeyOperations } from './company-api-keys';
import { gettingStartedOperations } from './getting-started';

/**
 * The signed-in account area: whoami, profile, companies, invitations and the to-do list (spec
 * part 1, 2.6 and 7).
 */
const accountArea = [...accountOperations, ...accountProfileOperations, ...accountCompanyOperations, ...accountInvitationOperations, ...accountSetupOperations];

/**
 * What the panel's frame calls on every page (branding, error codes, global search, support
 * articles, the bell and the banners), the home page (spec part 1, 2.5 and 2.7) and the
 * IP address list (spec part 3, 2.2).
 */
const shellArea = [...systemOperations, ...dashboardOperations, ...notificationOperations, ...noticeOperations, ...ipAddressOperations];

/**
 * Signing in and out, signing up, verification and recovery, the links people follow from
 * emails, and the user's own 2FA (spec part 1, 2.9, 5 and 7).
 */
const signInArea = [...authOperations, ...publicAccountOperations, ...twoFactorOperations];

/**
 * Every operation the API mounts, each registered against its definition in src/lib/api. This is
 * the one file of src/server/routes that imports the others (tests/unit/suite-routes.test.ts).
 */
export const operations: readonly Implemented[] = [
  ...accountActivityOperations,
  ...accountArea,
  ...shellArea,
  ...signInArea,
  ...taskOperations,
  taskEventsOperation,
  ...domainGroupOperations,
  ...domainOperations,
  ...domainBulkOperations,
  ...domainSoftwareOperations,
  ...softwareMigrationOperations,
  ...domainLoginOperations,
  ...domainPlacementOperations,
  ...dnsZoneOperations,
  ...hostingAccountOperations,
  ...hostingCpanelOperations,
  ...hostingPlanOperations,
  ...hostingOrderOperations,
  ...domainWebOperations,
  ...domainExtrasOperations,
  ...presetOperations,
  ...websiteOperations,
  ...firewallRuleOperations,
  ...firewallRulesetOperations,
  ...firewallPolicyOperations,
  ...firewallDryRunOperations,
  ...billingOrderOperations,
  ...billingOrderActionOperations,
  ...billingDocumentOperations,
  ...ipActionOperations,
  ...ipSlotOperations,
  ...billingPaymentOperations,
  ...billingIpOrderOperations,
  ...billingCancellationOperations,
  ...serviceOperations,
  ...affiliateOperations,
  ...companyProfileOperations,
  ...companyUserOperations,
  ...companyInvitationOperations,
  ...companyApiKeyOperations,
  ...companyVatOperations,
  ...companyLogOperations,
  ...companyEmailOperations,
  ...companyContactOperations,
  ...partnerDetailsOperations,
  ...gettingStartedOperations,
];
