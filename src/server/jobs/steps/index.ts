import { DNS_ZONE_RESET, dnsZoneSteps } from './dns-zone';
import { ADD_DOMAINS, domainAddSteps } from './domain-add';
import { DOMAIN_META, domainMetaSteps } from './domain-meta';
import { BULK_ACTION, DELETE_DOMAIN, INSTALL_SOFTWARE, INSTALL_SSL, UNINSTALL_SOFTWARE, UNINSTALL_SSL, domainLifecycleSteps } from './domain-lifecycle';
import { CREATE_IN_CPANEL, UPDATE_HOSTING_ACCOUNT, UPDATE_IP_ADDRESS, domainPlacementSteps } from './domain-placement';
import { MIGRATE_SOFTWARE, softwareMigrationSteps } from './software-migration';
import { ADD_EMAIL_FORWARDER, DELETE_EMAIL_FORWARDER, emailForwarderSteps } from './email-forwarder';
import { ADD_SUBDOMAIN, subdomainSteps } from './subdomain';
import type { Step } from './step';

export type { Step, StepContext, TaskItemRow } from './step';
export { StepFailure, StepWaiting, WAIT_LIMIT_MS } from './step';

/**
 * The registry of step kinds: a task item's `action` names its step. A kind of task whose
 * steps are all registered here is run by the job engine; tasks of other kinds (the seed's
 * history, work not built yet) are left as they are.
 */
export const STEPS: Readonly<Record<string, Step>> = {
  ...dnsZoneSteps,
  ...domainAddSteps,
  ...domainLifecycleSteps,
  ...domainMetaSteps,
  ...domainPlacementSteps,
  ...softwareMigrationSteps,
  ...subdomainSteps,
  ...emailForwarderSteps,
};

/** The kinds of task the engine runs (DESIGN "Jobs"), all taking turns on one pg-boss queue (boss.ts). */
export const TASK_KINDS = [
  DNS_ZONE_RESET,
  ADD_DOMAINS,
  DELETE_DOMAIN,
  BULK_ACTION,
  DOMAIN_META,
  INSTALL_SSL,
  UNINSTALL_SSL,
  INSTALL_SOFTWARE,
  UNINSTALL_SOFTWARE,
  UPDATE_IP_ADDRESS,
  UPDATE_HOSTING_ACCOUNT,
  CREATE_IN_CPANEL,
  MIGRATE_SOFTWARE,
  ADD_SUBDOMAIN,
  ADD_EMAIL_FORWARDER,
  DELETE_EMAIL_FORWARDER,
] as const;
