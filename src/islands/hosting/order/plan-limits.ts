import type { HostingPlanLimits } from '../../../lib/api/hosting';

/** A limit as the package details show it; null is unlimited. */
const count = (n: number | null) => (n === null ? 'Unlimited' : n.toLocaleString('en-US'));
const gigabytes = (n: number | null) => (n === null ? 'Unlimited' : `${n.toLocaleString('en-US')} GB`);
const memory = (mb: number | null) => (mb === null ? 'Unlimited' : mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`);
const cores = (n: number | null) => (n === null ? 'Unlimited' : `${n} ${n === 1 ? 'core' : 'cores'}`);

/** The package's limits in the order of spec part 3, 3 "Shared hosting plan", as label and value. */
export function planLimitRows(plan: HostingPlanLimits): [label: string, value: string][] {
  return [
    ['Storage', gigabytes(plan.storage)],
    ['Bandwidth', gigabytes(plan.bandwidth)],
    ['Inodes', count(plan.inodes)],
    ['Memory (RAM)', memory(plan.memory)],
    ['CPU', cores(plan.cpu)],
    ['Entry processes', count(plan.entry_processes)],
    ['Active processes', count(plan.active_processes)],
    ['Email accounts', count(plan.email_accounts)],
    ['Databases', count(plan.databases)],
    ['Subdomains', count(plan.subdomains)],
    ['Parked domains', count(plan.parked_domains)],
    ['Addon domains', count(plan.addon_domains)],
  ];
}

/** The three limits a plan card shows at a glance. */
export const planHighlights = (plan: HostingPlanLimits) => `${gigabytes(plan.storage)} storage · ${memory(plan.memory)} RAM · ${cores(plan.cpu)}`;
