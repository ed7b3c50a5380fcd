import type { Server } from 'node:http';
import { writeConfig } from '../../../cli/config';
import { listenApi } from '../../../src/server/standalone';
import { tempConfigDir } from '../../cli/helpers/run';
import type { TestApp } from './app';
import { DEMO_EMAIL, type Session } from './demo-app';

/** Where the in-process CLI tests say the API is: under /api, as the panel's server mounts it. */
export const API_UNDER_PANEL = 'http://hostdeck.test/api';

/**
 * A fetch for the CLI that serves `/api/...` from the test app in-process (the app itself
 * answers without the prefix). `app` is read per request: the file opens it in `beforeAll`.
 */
export function fetchUnderApi(app: () => TestApp): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    url.pathname = url.pathname.replace(/^\/api/, '');
    return app().app.fetch(new Request(url, request));
  };
}

/** Writes the CLI config of a signed-in demo session into `dir`, as `hostdeck login` leaves it. */
export const writeDemoConfig = (apiUrl: string, session: Session, dir: string) =>
  writeConfig({ api_url: apiUrl, token: session.token, token_kind: 'session', company: session.company, email: DEMO_EMAIL }, { HOSTDECK_CONFIG_DIR: dir });

/** A config folder of its own holding the demo session's config (for a `beforeEach`: return `cleanup`). */
export async function demoConfigDir(apiUrl: string, session: Session): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const temp = await tempConfigDir();
  await writeDemoConfig(apiUrl, session, temp.dir);
  return temp;
}

/** The test app's API served over HTTP on 127.0.0.1 and a free port, as a person's CLI reaches it. */
export async function serveOverHttp(t: TestApp): Promise<{ server: Server; apiUrl: string; close: () => Promise<void> }> {
  const { server, port } = await listenApi(t.deps);
  return { server, apiUrl: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
