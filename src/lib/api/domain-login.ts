import { z } from 'zod';
import { domainLoginRoutes } from '../requests/domain-login';
import { defineOperation, guidParam } from './define';

/**
 * Automatic sign-in to a domain's software admin or its hosting account's control panel (spec
 * part 2, 2.3 "Software column", 7.2): a one-time link the panel opens in a new window. Only for
 * a person signed in (not API keys): the link is as good as the admin's password.
 */

const params = z.object({ guid: guidParam });
const notFound = 'Domain not found.';
const loginLink = z.object({ redirect_url: z.url() }).meta({ id: 'LoginLink' });

export const softwareLoginOp = defineOperation({
  ...domainLoginRoutes.softwareLogin,
  area: 'domains',
  summary: "A one-time link that signs in to the domain's software admin",
  params,
  answer: loginLink,
  scopes: ['can_view_domains', 'can_login_to_software'],
  apiKeys: false,
  notFound,
});

export const cpanelLoginOp = defineOperation({
  ...domainLoginRoutes.cpanelLogin,
  area: 'domains',
  summary: "A one-time link that signs in to the control panel of the domain's hosting account",
  params,
  answer: loginLink,
  scopes: ['can_view_domains', 'can_login_to_hosting_accounts'],
  apiKeys: false,
  notFound,
});
