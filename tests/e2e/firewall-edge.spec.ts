import type { APIResponse, Page } from '@playwright/test';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';
import { addThroughWizard, newGroup } from './domain-group';
import { pickByClick } from './multi-picker';

// The firewall end to end (issue 9, done-when 1): a rule built in the form, tried on the
// group's recorded requests, saved, attached by a ruleset and a policy to a new domain group;
// then the HTTP edge answers that group's domain as the rules say, lets it through once the rule
// is disabled, and enforces it again once an earlier version is restored.
test.use({ storageState: signedInAs('owner') });

const BAD_BOT = 'BadBot/2.1 (+https://badbot.example)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Requests to the edge for one domain, from a browser or the bad bot. */
function edgeOf(page: Page, domain: string) {
  const origin = `http://127.0.0.1:${process.env.E2E_EDGE_PORT}`;
  return (path: string, agent = BROWSER, headers: Record<string, string> = {}): Promise<APIResponse> =>
    page.request.get(`${origin}${path}`, { headers: { Host: domain, 'User-Agent': agent, ...headers }, maxRedirects: 0 });
}

const condition = (page: Page, at: string) => page.getByRole('group', { name: `Condition ${at}` });

/** One condition on the URI path, a rule of its own: the redirect and the rate limit. */
async function addPathRule(page: Page, name: string, path: string, then: (page: Page) => Promise<void>) {
  await page.goto('/firewall/add');
  await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await condition(page, '1.1').getByLabel('Operator').selectOption('STARTS_WITH');
  await condition(page, '1.1').getByLabel('Value').fill(path);
  await then(page);
  await page.getByRole('button', { name: 'Add Rule' }).click();
  await expect(page.getByText('Firewall rule successfully created!')).toBeVisible();
  await expect(page).toHaveURL('/firewall');
}

test('a rule is tried, saved, attached to a group and enforced by the edge until disabled; an earlier version is restored', async ({ page }) => {
  // A long walk: a domain added through its task, five saves, and the edge's rule cache (2 s).
  test.slow();
  const stamp = Date.now().toString(36);
  const domain = `fw-${stamp}.example`;
  const group = `Firewall ${stamp}`;
  const ruleName = `Probe block ${stamp}`;
  await newGroup(page, group);
  await addThroughWizard(page, [domain]);
  const get = edgeOf(page, domain);

  // Recorded traffic for the dry run: nothing governs the group yet, so everything passes.
  for (const path of ['/admin', '/admin/users']) expect((await get(path, BAD_BOT)).status()).toBe(200);
  for (const path of ['/', '/admin', '/about']) expect((await get(path)).status()).toBe(200);

  // The rule: (path starts with /admin OR /wp-login) AND (agent contains BadBot OR X-Probe contains scan).
  await page.goto('/firewall/add');
  await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill(ruleName);
  await page.getByLabel('Priority').fill('10');
  await condition(page, '1.1').getByLabel('Operator').selectOption('STARTS_WITH');
  await condition(page, '1.1').getByLabel('Value').fill('/admin');
  await page.getByRole('button', { name: 'Add OR condition to AND-group 1' }).click();
  await condition(page, '1.2').getByLabel('Operator').selectOption('STARTS_WITH');
  await condition(page, '1.2').getByLabel('Value').fill('/wp-login');
  await page.getByRole('button', { name: 'Add AND group' }).click();
  await condition(page, '2.1').getByLabel('Field').selectOption('user_agent');
  await condition(page, '2.1').getByLabel('Operator').selectOption('CONTAINS');
  await condition(page, '2.1').getByLabel('Value').fill('BadBot');
  await page.getByRole('button', { name: 'Add OR condition to AND-group 2' }).click();
  await condition(page, '2.2').getByLabel('Field').selectOption('header');
  await condition(page, '2.2').getByLabel('Operator').selectOption('CONTAINS');
  await condition(page, '2.2').getByLabel('Header name').fill('X-Probe');
  await condition(page, '2.2').getByLabel('Value').fill('scan');

  // The dry run: a group is needed; then the recorded requests counted as the rule would decide.
  const dryRun = page.getByRole('group', { name: 'Dry run' });
  await dryRun.getByRole('button', { name: 'Try it' }).click();
  await expect(dryRun.getByText('Choose a domain group or a domain to try it on.')).toBeVisible();
  await dryRun.getByLabel('Domain group').selectOption({ label: group });
  await dryRun.getByLabel('Period').selectOption({ label: 'Last 24 hours' });
  const counts = dryRun.getByRole('definition');
  // The edge writes its records a moment after it answers: the run is asked again until all five are in.
  await expect(async () => {
    await dryRun.getByRole('button', { name: 'Try it' }).click();
    await expect(dryRun.getByText(/^Of 5 requests from/)).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(counts).toHaveText(['3', '2', '0', '0']);
  await dryRun.getByText('Rejected: sample requests').click();
  await expect(dryRun.getByRole('table', { name: 'Rejected sample requests' }).getByRole('row')).toHaveCount(3);
  await expect(dryRun.getByRole('table', { name: 'Rejected sample requests' })).toContainText(`GET ${domain}/admin/users`);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Rule' }).click();
  await expect(page.getByText('Firewall rule successfully created!')).toBeVisible();

  // A redirect and a rate limit, each a rule of its own.
  await addPathRule(page, `Moved ${stamp}`, '/old', async () => {
    await page.getByLabel('Action', { exact: true }).selectOption('REDIRECT');
    await page.getByLabel('Redirect destination').fill('https://example.org/new');
    await page.getByLabel('Redirect status code').selectOption('302');
  });
  await addPathRule(page, `API limit ${stamp}`, '/api', async () => {
    await page.getByLabel('Type').selectOption('RATE_LIMIT');
    await page.getByLabel('Requests').fill('3');
    await page.getByLabel('Time frame').selectOption('MINUTE');
  });

  // ATTACH: a ruleset with the three rules, and a policy applying it to the group.
  await attachToGroup(page, stamp, [ruleName, `Moved ${stamp}`, `API limit ${stamp}`], group);

  // The edge now answers as the rules say (its rule cache is good for 2 s).
  await expect.poll(async () => (await get('/admin', BAD_BOT)).status()).toBe(403);
  expect((await get('/wp-login.php', BROWSER, { 'X-Probe': 'scan-42' })).status()).toBe(403);
  expect((await get('/admin')).status()).toBe(200);
  expect((await get('/', BAD_BOT)).status()).toBe(200);
  const moved = await get('/old/page');
  expect(moved.status()).toBe(302);
  expect(moved.headers().location).toBe('https://example.org/new');
  // Three a minute: the minute's window may turn during the burst, so seven are sent and one of
  // the windows holds a fourth.
  const burst: APIResponse[] = [];
  for (let i = 0; i < 7; i++) burst.push(await get('/api/items'));
  expect(burst.slice(0, 3).map((r) => r.status())).toEqual([200, 200, 200]);
  const limited = burst.find((r) => r.status() === 429);
  expect(limited?.headers()['retry-after']).toMatch(/^\d+$/);

  // Disabled in the Rules tab, the rule lets the bad bot through.
  await page.goto('/firewall');
  await waitForHydration(page);
  const row = page
    .getByRole('table', { name: 'Firewall rules' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: ruleName, exact: true }) });
  await row.getByText('Active', { exact: true }).click();
  await expect(page.getByText('Firewall rule successfully updated!')).toBeVisible();
  await expect.poll(async () => (await get('/admin', BAD_BOT)).status()).toBe(200);

  // Edited to guard /private instead (still disabled); then version 1 restored from the rule's
  // own History: the form shows /admin again, the rule is active, and the edge enforces it.
  await row.getByRole('link', { name: ruleName, exact: true }).click();
  await condition(page, '1.1').getByLabel('Value').fill('/private');
  await page.getByRole('button', { name: 'Save Rule' }).click();
  // The second 'Firewall rule successfully updated!' of the walk; saved, the form goes back to the tab.
  await expect(page.getByText('Firewall rule successfully updated!').last()).toBeVisible();
  await expect(page).toHaveURL('/firewall');
  await row.getByRole('link', { name: ruleName, exact: true }).click();
  await expect(condition(page, '1.1').getByLabel('Value')).toHaveValue('/private');
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: `History of ${ruleName}` });
  await expect(history.getByRole('heading', { level: 3 })).toHaveText(['Version 3: Edited conditions (current)', 'Version 2: Disabled', 'Version 1: Created']);
  await history.getByRole('button', { name: 'Restore version 1' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Firewall rule successfully restored!')).toBeVisible();
  await expect(condition(page, '1.1').getByLabel('Value')).toHaveValue('/admin');
  await expect.poll(async () => (await get('/admin', BAD_BOT)).status()).toBe(403);
  expect((await get('/private', BAD_BOT)).status()).toBe(200);
  await page.goto('/firewall');
  await expect(row.getByRole('switch')).toBeChecked();
});

/** A ruleset holding `rules`, and a policy applying it to `group`, through their dialogs. */
async function attachToGroup(page: Page, stamp: string, rules: string[], group: string) {
  await page.goto('/firewall/rulesets');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add Ruleset' }).click();
  const ruleset = page.getByRole('dialog', { name: 'Add Ruleset' });
  await ruleset.getByLabel('Name').fill(`Edge set ${stamp}`);
  for (const rule of rules) await pickByClick(ruleset, 'Firewall rules', rule);
  await ruleset.getByRole('button', { name: 'Add Ruleset' }).click();
  await expect(page.getByText('Firewall ruleset successfully created!')).toBeVisible();

  await page.goto('/firewall/policies');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add Policy' }).click();
  const policy = page.getByRole('dialog', { name: 'Add Policy' });
  await policy.getByLabel('Name', { exact: true }).fill(`Edge policy ${stamp}`);
  await policy.getByLabel('Priority').fill('100');
  await pickByClick(policy, 'Rulesets', `Edge set ${stamp}`);
  await pickByClick(policy, 'Domain groups', group);
  // The whole policy tried on the same five recorded requests: the redirect and the limit see none of theirs.
  const dryRun = policy.getByRole('group', { name: 'Dry run' });
  await dryRun.getByLabel('Domain group').selectOption({ label: group });
  await dryRun.getByRole('button', { name: 'Try it' }).click();
  await expect(dryRun.getByText(/^Of 5 requests from/)).toBeVisible();
  await expect(dryRun.getByRole('definition')).toHaveText(['3', '2', '0', '0']);
  await policy.getByRole('button', { name: 'Add Policy' }).click();
  await expect(page.getByText('Firewall policy successfully created!')).toBeVisible();
}
