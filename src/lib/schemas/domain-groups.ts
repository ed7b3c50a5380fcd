import { z } from 'zod/mini';
import { PICKER_PAGE_SIZE } from './lists';
import { required } from './text';

/** Domain group forms (spec part 2, 2.2 and 5 "Domain group add", "Group settings"). */

export const GROUP_NAME_LIMIT = { label: 'Group name', max: 100 } as const;

const guidOrMessage = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.guid(message));

/** Allowed IP groups: empty allows every group (spec part 2, 2.2). */
const ipGroupList = z._default(z.array(z.guid('Unknown IP address group.')).check(z.maxLength(PICKER_PAGE_SIZE, `Choose at most ${PICKER_PAGE_SIZE} IP groups.`)), []);

/** The Add Domain Group dialog. */
export const domainGroupCreateSchema = z.object({
  name: required('Please enter group name!', GROUP_NAME_LIMIT),
  default_hosting_account: guidOrMessage('Please select the default hosting account!'),
  ip_address_groups: ipGroupList,
});
export type DomainGroupCreate = z.input<typeof domainGroupCreateSchema>;

/** The group Settings dialog. */
export const domainGroupUpdateSchema = z.object({
  name: required("Please enter your group's name!", GROUP_NAME_LIMIT),
  default_hosting_account: guidOrMessage("Please enter your group's default hosting account!"),
  include_subdomains_in_list: z._default(z.boolean('Include subdomains must be true or false.'), false),
  allowed_ip_address_groups: ipGroupList,
});
export type DomainGroupUpdate = z.input<typeof domainGroupUpdateSchema>;

/** Spec part 2, 2.2: the dialog's words when the company has no hosting account to choose. */
export const NO_HOSTING_ACCOUNTS = 'No hosting accounts found! Create a hosting account before creating a domain group!';
