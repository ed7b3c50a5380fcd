import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../../src/server/db/connection';
import { companies } from '../../../src/server/db/schema/index';
import { SECOND_COMPANY_NAME } from '../../../src/server/seed/demo-accounts';
import { openSeededApp, type TestApp } from './app';

/** A signed-in session: its token and its default company. */
export interface Session {
  token: string;
  company: string;
}

export const DEMO_EMAIL = 'demo@hostdeck.test';
export const BLUEBIRD_EMAIL = 'bluebird@hostdeck.test';

export interface DemoApp {
  database: Database;
  t: TestApp;
  /** The demo user, owner of the demo company. */
  demo: Session;
  /** Another customer's company (Bluebird Media Ltd), whose paths the demo user must not reach. */
  foreignCompany: string;
}

/**
 * The seeded app with the demo user signed in, and the other company's guid, as most API test
 * files start (their `beforeAll`; the file closes `database` in `afterAll`).
 */
export async function openDemoApp(): Promise<DemoApp> {
  const { database, t } = await openSeededApp();
  const [demo, [foreign]] = await Promise.all([t.signIn(DEMO_EMAIL), database.db.select({ guid: companies.guid }).from(companies).where(eq(companies.name, SECOND_COMPANY_NAME))]);
  if (!foreign) throw new Error(`the seed has no ${SECOND_COMPANY_NAME}`);
  return { database, t, demo, foreignCompany: foreign.guid };
}

/** As openDemoApp, with Bluebird's owner signed in too (the other customer, acting on their own company). */
export async function openDemoAppWithBluebird(): Promise<DemoApp & { bluebird: Session }> {
  const opened = await openDemoApp();
  return { ...opened, bluebird: await opened.t.signIn(BLUEBIRD_EMAIL) };
}

/** Opens an app before the file's tests and closes its database after them; `receive` keeps what the tests use. */
function openedForTheFile<A extends DemoApp>(open: () => Promise<A>, receive: (app: A) => void): void {
  let opened: A | undefined;
  beforeAll(async () => {
    opened = await open();
    receive(opened);
  });
  afterAll(() => opened?.database.close());
}

/** openDemoApp for the whole file: `useDemoApp((app) => ({ database, t, demo, foreignCompany } = app))`. */
export const useDemoApp = (receive: (app: DemoApp) => void) => openedForTheFile(openDemoApp, receive);

/** openDemoAppWithBluebird for the whole file. */
export const useDemoAppWithBluebird = (receive: (app: DemoApp & { bluebird: Session }) => void) => openedForTheFile(openDemoAppWithBluebird, receive);
