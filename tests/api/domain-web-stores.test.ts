/**
 * The Misc, URL Redirects and Analytics tabs' stores in Node against the in-process API: what
 * the tabs do on a click, without a browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestStorageEngine } from '@nanostores/persistent';
import { RANGE_OUT_OF_BOUNDS, addDays, dayOf } from '../../src/lib/rules/analytics-ranges';
import type { Database } from '../../src/server/db/connection';
import { domains } from '../../src/server/db/schema/index';
import {
  $analytics,
  $domainMeta,
  chooseDates,
  chooseField,
  loadMeta,
  newRedirectForm,
  redirectsList,
  removeRedirects,
  setRedirectStatus,
  showAnalytics,
  showRedirects,
  toggleMeta,
} from '../../src/stores/domain-web';
import { $toasts } from '../../src/stores/toasts';
import { openSeededApp, type TestApp } from './helpers/app';
import { panelSignedInAs } from './helpers/panel';

let database: Database;
let t: TestApp;
let domain: string;

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5, eventHeartbeatMs: 150 }));
  const owner = await panelSignedInAs(t, 'demo@hostdeck.test');
  const [row] = await database.db
    .select()
    .from(domains)
    .where(and(eq(domains.companyGuid, owner.company), eq(domains.status, 'ACTIVE'), eq(domains.metaStatus, 'ACTIVE'), eq(domains.isSubdomain, false)))
    .orderBy(domains.domain)
    .limit(1);
  domain = row!.guid;
  await database.db.update(domains).set({ redirectToWww: true, redirectToNonwww: false }).where(eq(domains.guid, domain));
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

describe('the Misc tab store', () => {
  it('saves a toggle at once, shows the pair turned off, and reads the meta again when the task is done', async () => {
    await loadMeta(domain);
    expect($domainMeta.get().meta).toMatchObject({ redirect_to_www: true, redirect_to_nonwww: false, status: 'ACTIVE' });
    const shown: boolean[] = [];
    const stop = $domainMeta.listen((s) => shown.push(Boolean(s.meta?.redirect_to_www)));
    await toggleMeta('redirect_to_nonwww', true);
    stop();
    // Turned off in the same moment the other went on, before any answer.
    expect(shown[0]).toBe(false);
    expect($domainMeta.get().meta).toMatchObject({ redirect_to_www: false, redirect_to_nonwww: true, status: 'ACTIVE' });
    expect($toasts.get().map((x) => x.message)).toContain('Settings successfully updated! Changes can take up to 5 minutes.');
  });
});

describe('the URL Redirects tab store', () => {
  it('creates from the dialog rows, switches with an optimistic update, and deletes', async () => {
    showRedirects(domain);
    const stop = redirectsList.$list.listen(() => undefined);
    await redirectsList.load(1);
    const outcome = await newRedirectForm.submit({ urls: '/a\n\n/b/*', destination: 'HTTPS://Example.com/X', response_code: '302' });
    expect(outcome.ok).toBe(true);
    await redirectsList.load(1);
    const [made] = redirectsList.$list.get().answer!.data;
    expect(made).toMatchObject({ urls: ['/a', '/b/*'], destination: 'https://example.com/x', response_code: 302, status: 'ACTIVE' });

    const empty = await newRedirectForm.submit({ urls: ' ', destination: '', response_code: '301' });
    expect(empty).toMatchObject({ ok: false, reason: 'invalid', fields: { urls: 'Please enter at least one URL!', destination: 'Please enter destination!' } });

    const switching = setRedirectStatus(made!, 'DISABLED');
    expect(redirectsList.$list.get().answer!.data[0]!.status).toBe('DISABLED');
    await switching;
    expect(redirectsList.$list.get().answer!.data[0]!.status).toBe('DISABLED');

    expect(await removeRedirects([made!.guid])).toBe(true);
    expect(redirectsList.$list.get().answer!.total).toBe(0);
    stop();
  });
});

describe('the Analytics tab store', () => {
  it('loads the overview and a field, and checks custom dates before asking', async () => {
    await showAnalytics(domain);
    const state = $analytics.get();
    expect(state.overview?.domain_visits).toHaveLength(7);
    expect(state.detail?.field).toBe('COUNTRIES');
    await chooseField('PATHS');
    expect($analytics.get().detail?.field).toBe('PATHS');
    const today = dayOf(new Date());
    expect(await chooseDates({ start_date: addDays(today, -40), end_date: today })).toBe(RANGE_OUT_OF_BOUNDS);
    expect(await chooseDates({ start_date: today, end_date: today })).toBeNull();
    expect($analytics.get().overview?.domain_visits).toHaveLength(24);
    expect($analytics.get()).toMatchObject({ quick: null, range: { start_date: today, end_date: today } });
  });
});
