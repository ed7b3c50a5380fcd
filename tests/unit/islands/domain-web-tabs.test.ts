import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnalyticsTab } from '../../../src/islands/domains/web/AnalyticsTab';
import { MiscTab } from '../../../src/islands/domains/web/MiscTab';
import { TrafficChart } from '../../../src/islands/domains/web/TrafficChart';
import { $domainMeta } from '../../../src/stores/domain-web';

const DOMAIN = '00000000-0000-4000-8000-000000000001';

describe('the Misc tab', () => {
  it('shows the pairs side by side with the 5-minute note, and says when the domain is busy', () => {
    $domainMeta.set({
      domain: DOMAIN,
      loading: false,
      meta: { redirect_to_https: true, redirect_to_http: false, redirect_to_www: false, redirect_to_nonwww: false, cache_enabled: true, status: 'PENDING' },
    });
    const html = renderToString(createElement(MiscTab, { domain: DOMAIN }));
    expect(html).toContain('Domain redirects');
    expect(html).toContain('Caching');
    expect(html).toContain('Changes can take up to 5 minutes.');
    expect(html).toContain('The domain is busy. Please wait until its current task finishes!');
  });
});

describe('the Analytics tab', () => {
  it('offers the quick ranges of section 9 and the detail fields', () => {
    const html = renderToString(createElement(AnalyticsTab, { domain: DOMAIN }));
    for (const label of ['Today', 'Yesterday', 'This Week', 'Last 7 Days', 'Last 14 Days', 'Last 30 Days', 'Custom dates', 'Countries', 'Bot types', 'Referers', 'Paths'])
      expect(html).toContain(label);
  });

  it('names its chart for assistive technology', () => {
    const html = renderToString(
      createElement(TrafficChart, {
        label: 'Visits from 2026-11-19 to 2026-11-25',
        timestamps: ['2026-11-19T00:00:00.000Z', '2026-11-20T00:00:00.000Z'],
        series: [{ name: 'Visits', visits: [3, 5] }],
      }),
    );
    expect(html).toContain('role="img" aria-label="Visits from 2026-11-19 to 2026-11-25"');
  });
});
