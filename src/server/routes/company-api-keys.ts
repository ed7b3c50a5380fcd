import { createApiKeyOp, deleteApiKeyOp, listApiKeyPermissionsOp, listApiKeysOp } from '../../lib/api/company';
import { ALL_SCOPES } from '../../lib/rules/scopes';
import { implement } from '../http/operation';
import { apiKeysPage, createApiKey, deleteApiKey } from '../services/api-keys';

/** API Keys (spec part 3, 2.9, 3 'API key', 4, 5, 7): the tab's calls; the keys' rules are src/server/services/api-keys.ts. */
export const companyApiKeyOperations = [
  implement(listApiKeyPermissionsOp, async (c) => ({ permissions: [...ALL_SCOPES], grantable: ALL_SCOPES.filter((s) => c.var.company.permissions.has(s)) })),

  implement(listApiKeysOp, async (c, { query }) => apiKeysPage(c.var.deps.db, c.var.company.guid, query)),

  implement(createApiKeyOp, async (c, { body }) => {
    const created = await createApiKey(c, body);
    return c.json({ message: 'API key successfully created!', guid: created.guid, user_id: created.userGuid, token: created.token }, 201);
  }),

  implement(deleteApiKeyOp, async (c, { params }) => {
    await deleteApiKey(c, params.keyGuid);
    return { message: 'API key successfully deleted!' };
  }),
];
