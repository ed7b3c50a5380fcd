import { expect, test } from '@playwright/test';

/** Every answer carries the security headers: pages, API answers and static files alike. */
test.describe('security headers', () => {
  test('on a page, an API answer and a static file', async ({ request }) => {
    const page = await request.get('/auth/login');
    const html = await page.text();
    const asset = /\/_astro\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const answers = [page, await request.get('/api/system/whitelabel/'), await request.get(asset!)];
    for (const res of answers) {
      expect(res.status(), res.url()).toBe(200);
      const h = res.headers();
      expect(h['x-content-type-options'], res.url()).toBe('nosniff');
      expect(h['x-frame-options'], res.url()).toBe('DENY');
      expect(h['content-security-policy'], res.url()).toContain("frame-ancestors 'none'");
    }
  });

  test("a page's policy allows no inline script but Astro's hashed ones", async ({ request }) => {
    const csp = (await request.get('/auth/login')).headers()['content-security-policy']!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
  });
});
