import { $companyGuid, $token } from '../../../src/stores/credentials';
import { panelApi, panelApiOptions, setEnvironment } from '../../../src/stores/environment';
import type { TestApp } from './app';

/**
 * The panel's stores talking to the test app in-process, as `email` on its default company,
 * on a panel page at `path` (nothing navigates).
 */
export async function panelSignedInAs(t: TestApp, email: string, path = '/domains'): Promise<{ token: string; company: string }> {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => t.app.request(input instanceof Request ? input : String(input), init);
  setEnvironment({
    api: panelApi('http://api.test', fetch),
    apiOptions: panelApiOptions('http://api.test', fetch),
    location: () => new URL(`http://panel.test${path}`),
    go: () => undefined,
  });
  const session = await t.signIn(email);
  $token.set(session.token);
  $companyGuid.set(session.company);
  return session;
}
