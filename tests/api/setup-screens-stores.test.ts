/**
 * The stores behind the page info dialogs, the getting-started wizard and the order page (the IP
 * order wizard's: tests/api/ip-order-stores.test.ts), in Node against the in-process API through
 * the panel's own API object: what a person sees in each (the article, the step, the order's words).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanStores } from 'nanostores';
import { useTestStorageEngine } from '@nanostores/persistent';
import { openSeededApp, type TestApp } from './helpers/app';
import type { Database } from '../../src/server/db/connection';
import { eq } from 'drizzle-orm';
import { companies } from '../../src/server/db/schema/index';
import { orderLocationWords } from '../../src/lib/format/words';
import { STEP } from '../../src/lib/rules/getting-started';
import { SUPPORT_IDS } from '../../src/lib/rules/screens';
import { api } from '../../src/stores/api';
import { listOrders } from '../../src/lib/requests/billing';
import { orderPage } from '../../src/stores/billing';
import { panelSignedInAs } from './helpers/panel';
import { $companyGuid } from '../../src/stores/credentials';
import { $wizard, goToStep, skipWizard, startWizard } from '../../src/stores/getting-started';
import { loadUser } from '../../src/stores/session';
import { $support, loadSupportArticle } from '../../src/stores/support';
import { $toasts } from '../../src/stores/toasts';

let database: Database;
let t: TestApp;

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
});
afterAll(() => database.close());

beforeEach(async () => {
  $toasts.set([]);
  cleanStores($support);
  await panelSignedInAs(t, 'demo@hostdeck.test', '/');
  await loadUser();
});

describe('the page info dialogs (spec decisions, 2)', () => {
  it('find a knowledge-base article for every page’s support id, with no error toast', async () => {
    for (const id of SUPPORT_IDS) await loadSupportArticle(id);
    const missing = SUPPORT_IDS.filter((id) => $support.get()[id]?.status !== 'found');
    expect(missing).toEqual([]);
    expect($toasts.get()).toEqual([]);
  });
});

describe('the getting-started wizard follows the company’s real state (spec part 1, 2.8 and 4)', () => {
  it('never asks a company with a card and every set-up step done to add a card: it reaches the summary of its first domain', async () => {
    await database.db.update(companies).set({ showGettingStarted: false, gettingStartedStep: STEP.welcome, gettingStartedData: {} }).where(eq(companies.guid, $companyGuid.get()!));
    await loadUser();
    expect(await startWizard()).toBe(true);
    expect($wizard.get().step).toBe(STEP.introduction);
    // The introduction's Next asks for the payment method step; the company has done it and every step after.
    expect(await goToStep(STEP.paymentMethod)).toBe(true);
    const wizard = $wizard.get();
    expect(wizard.step).toBe(STEP.firstDomain);
    expect(wizard.data.domain_group).toBeTruthy();
    expect(wizard.data.domain_info).toHaveLength(1);
    await skipWizard();
  });
});

describe('the order page', () => {
  it('names an IP order’s cities and counts one address as one', async () => {
    const orders = (await listOrders(api, { per_page: 100 })).data.filter((o) => o.order_type === 'IP_ADDRESS_HOSTING' && o.preferences.locations?.length);
    expect(orders.length).toBeGreaterThan(0);
    for (const { id } of orders) {
      await orderPage.load(id);
      for (const line of orderPage.$doc.get().doc!.preferences.locations!) {
        expect(line.city, `order #${id} ${line.location}`).toBeTruthy();
        const words = orderLocationWords(line);
        expect(words.startsWith(`${line.city}, ${line.country}: `)).toBe(true);
        expect(words).not.toMatch(/\b1 (addresses|website slots)\b/);
      }
    }
  });
});
