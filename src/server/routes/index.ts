import type { Implemented } from '../http/operation';
import { accountActivityOperations } from './account-activity';
import { accountAreaOperations } from './account-area';
import { shellAreaOperations } from './shell-area';
import { signInAreaOperations } from './sign-in-area';
import { taskOperations } from './tasks';
import { domainGroupOperations } from './domain-groups';
import { domainOperations } from './domains';
import { domainBulkOperations } from './domain-bulk';
import { domainSoftwareOperations, softwareMigrationOperations } from './domain-software';
import { domainLoginOperations } from './domain-login';
import { domainPlacementOperations } from './domain-placement';
import { dnsZoneOperations } from './dns-zone';
import { hostingAccountOperations } from './hosting-accounts';
import { domainWebOperations } from './domain-web';
import { domainExtrasOperations } from './domain-extras';
import { presetOperations } from './presets';
import { websiteOperations } from './websites';
import { firewallRuleOperations } from './firewall-rules';
import { firewallRulesetOperations } from './firewall-rulesets';
import { firewallPolicyOperations } from './firewall-policies';
import { firewallDryRunOperations } from './firewall-dry-run';
import { billingOrderOperations } from './billing-orders';
import { billingDocumentOperations } from './billing-documents';

/** Every operation the API mounts, each registered against its definition in src/lib/api. */
export const operations: readonly Implemented[] = [...accountActivityOperations, ...accountAreaOperations, ...shellAreaOperations, ...signInAreaOperations, ...taskOperations, ...domainGroupOperations, ...domainOperations, ...domainBulkOperations, ...domainSoftwareOperations, ...softwareMigrationOperations, ...domainLoginOperations, ...domainPlacementOperations, ...dnsZoneOperations, ...hostingAccountOperations, ...domainWebOperations, ...domainExtrasOperations, ...presetOperations, ...websiteOperations, ...firewallRuleOperations, ...firewallRulesetOperations, ...firewallPolicyOperations, ...firewallDryRunOperations, ...billingOrderOperations, ...billingDocumentOperations];
