import { z } from 'zod/mini';

/** Moving a domain: its IP address, its hosting account, cPanel (spec part 2, 2.5 dialogs). */

export const SHARED_IP_FIXED = 'Cannot edit IP signature or HTTP version of shared IP addresses!';

export const modifyIpSchema = z.object({
  ip_address: z.string({ error: 'Please select an IP address!' }).check(z.guid('Please select an IP address!')),
  signature: z.optional(z.nullable(z.guid('Please select the signature!'))),
  /** Spec part 2, 9: 1 (HTTP/1.1) or 2 (HTTP/2). */
  http_version: z.optional(z.nullable(z.union([z.literal(1), z.literal(2)], 'The HTTP version must be 1 or 2.'))),
});
export type ModifyIp = z.input<typeof modifyIpSchema>;

export const modifyHostingSchema = z.object({
  hosting_account: z.string({ error: 'Please select a hosting account!' }).check(z.guid('Please select a hosting account!')),
});
export type ModifyHosting = z.input<typeof modifyHostingSchema>;

export const createInCpanelSchema = z.object({ guid: z.guid('Domain not found.') });
