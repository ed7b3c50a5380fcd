import { describe, expect, it } from 'vitest';
import { call } from '../../../src/lib/api/send';
import type { loginOp, whoamiOp } from '../../../src/lib/api/auth';
import type { Api } from '../../../src/lib/api/client';
import { authRoutes } from '../../../src/lib/requests/auth';
import { operations } from '../../../src/server/routes/index';

const routeModules = import.meta.glob<Record<string, unknown>>('../../../src/lib/requests/*.ts', { eager: true });

/** Every `<area>Routes` table of src/lib/requests, flattened. */
const routes = Object.values(routeModules).flatMap((module) =>
  Object.entries(module)
    .filter(([name]) => name.endsWith('Routes'))
    .flatMap(([, table]) => Object.values(table as Record<string, { id: string; method: string; path: string }>)),
);

describe('the routes the panel and the CLI call', () => {
  it('are the mounted operations, each once, with the verb and path its definition has', () => {
    const mounted = operations.map(({ op }) => `${op.id} ${op.method} ${op.path}`).sort();
    expect(routes.map((r) => `${r.id} ${r.method} ${r.path}`).sort()).toEqual(mounted);
  });

  it("type a call by its definition: a route that is not the definition's does not compile", async () => {
    const seen: string[] = [];
    const answer = async (path: string) => {
      seen.push(path);
      return {};
    };
    const api = { get: answer, post: answer } as unknown as Api;
    await call<typeof whoamiOp>(api, authRoutes.whoami);
    // @ts-expect-error the login route is not whoami's
    await call<typeof whoamiOp>(api, authRoutes.login);
    // @ts-expect-error login takes a body
    await call<typeof loginOp>(api, authRoutes.login);
    expect(seen).toEqual(['/account/whoami/', '/auth/login/', '/auth/login/']);
  });
});
