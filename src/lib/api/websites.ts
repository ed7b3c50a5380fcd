import { z } from 'zod';
import { z as mini } from 'zod/mini';
import { websiteRoutes } from '../requests/websites';
import { pagingSchema, searchTagsSchema } from '../schemas/lists';
import { defineOperation, guidParam, pageOf } from './define';

/** The websites list and the Manage website page (spec part 2, 2.1, 2.11, 3 "Website", 6 and 7.7). */

export const WEBSITE_NOT_FOUND = 'Website not found.';

/**
 * Spec part 2, 3 "Website" (guid, domain, software.name), with what the Manage website page
 * shows: the domain's status, its group, and the installation's state and address.
 */
export const website = z
  .object({
    /** The domain's guid: a website is a domain with software installed. */
    guid: z.guid(),
    domain: z.string(),
    status: z.string(),
    is_subdomain: z.boolean(),
    group: z.object({ guid: z.guid(), name: z.string() }),
    software: z.object({
      key: z.string(),
      name: z.string(),
      status: z.string(),
      protocol: z.string(),
      install_directory: z.string(),
      website_name: z.string().nullable(),
      date_installed: z.iso.datetime().nullable(),
      is_imported: z.boolean(),
      /** Where the edge serves the site: the protocol, the domain and the install directory. */
      url: z.string(),
    }),
  })
  .meta({ id: 'Website' });
export type Website = z.infer<typeof website>;

const area = 'domains';
const scopes = ['can_view_website_management'] as const;

/** Spec part 2, 7.7: page, per_page and repeated search values (any may match the domain or the software's name). */
export const websitesQuery = mini.object({ ...pagingSchema(100).shape, search: mini.optional(searchTagsSchema) });

export const listWebsitesOp = defineOperation({
  ...websiteRoutes.listWebsites,
  area,
  summary: 'Domains with software installed, by domain; search tags match the domain or the software',
  query: websitesQuery,
  answer: pageOf(website),
  scopes,
});

/** A decided extra (docs/decisions.md "Software presets and websites"): what /websites/{guid} shows. */
export const getWebsiteOp = defineOperation({
  ...websiteRoutes.getWebsite,
  area,
  summary: 'One website: its domain, group and installed software',
  params: z.object({ guid: guidParam }),
  answer: website,
  scopes,
  notFound: WEBSITE_NOT_FOUND,
});
