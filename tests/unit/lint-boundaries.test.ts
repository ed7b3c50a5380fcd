import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of biome.jsonc (DESIGN.md, "Layout and boundaries") fail the lint when
 * broken. Invented files are linted at the paths they claim, in a folder of their own holding a
 * copy of the project's biome.jsonc (Biome reports nothing for a file read from stdin, by design).
 * Paths are written as segments so this file's text does not read as a store test (vitest.config.ts).
 */
const ROOT = join(import.meta.dirname, '../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

interface Probe {
  path: string[];
  source: string;
  /** The start of the boundary's message; none: the file must lint clean. */
  refused?: string;
}

const PROBES: Record<string, Probe> = {
  libImportsServer: {
    path: ['src', 'lib', 'rules', 'probe.ts'],
    source: "import { createApp } from '../../server/app';\nexport const probe = createApp;\n",
    refused: 'src/lib is shared by the panel, the server and the CLI',
  },
  libImportsReact: {
    path: ['src', 'lib', 'probe.ts'],
    source: "import { useState } from 'react';\nexport const probe = useState;\n",
    refused: 'src/lib is framework-free',
  },
  storeImportsIsland: {
    path: ['src', 'stores', 'probe.ts'],
    source: "import { Shell } from '../islands/shell/Shell';\nexport const probe = Shell;\n",
    refused: 'Stores import src/lib and other stores only',
  },
  componentImportsIsland: {
    path: ['src', 'components', 'Probe.tsx'],
    source: "import { BillingPage } from '../islands/billing/BillingPage';\nexport const probe = BillingPage;\n",
    refused: 'Shared components import components, stores and src/lib',
  },
  islandImportsOtherArea: {
    path: ['src', 'islands', 'affiliate', 'Probe.tsx'],
    source: "import { InvoiceTable } from '../billing/InvoiceTable';\nexport const probe = InvoiceTable;\n",
    refused: 'Islands of affiliate import components, stores and src/lib',
  },
  nestedIslandImportsOtherArea: {
    path: ['src', 'islands', 'hosting', 'order', 'Probe.tsx'],
    source: "import { OrderPage } from '../../billing/OrderPage';\nexport const probe = OrderPage;\n",
    refused: 'Islands of hosting import components, stores and src/lib',
  },
  islandImportsServer: {
    path: ['src', 'islands', 'domains', 'Probe.tsx'],
    source: "import { createApp } from '../../server/app';\nexport const probe = createApp;\n",
    refused: 'Islands of domains import components, stores and src/lib',
  },
  cliImportsServer: {
    path: ['cli', 'commands', 'probe.ts'],
    source: "import { createApp } from '../../src/server/app';\nexport const probe = createApp;\n",
    refused: 'The CLI imports src/lib only',
  },
  serverImportsStore: {
    path: ['src', 'server', 'probe.ts'],
    source: "import { $session } from '../stores/session';\nexport const probe = $session;\n",
    refused: 'The server imports src/lib (schemas, rules) and nothing of the panel or the CLI',
  },
  // The exceptions are one file each and one import wide.
  accountAreaImportsBilling: {
    path: ['src', 'islands', 'account', 'AccountArea.tsx'],
    source:
      "import { NotificationsTab } from '../notifications/NotificationsTab';\nimport { BillingPage } from '../billing/BillingPage';\nexport const probe = [NotificationsTab, BillingPage];\n",
    refused: 'Islands of account import components, stores and src/lib',
  },
  panelPageImportsServer: {
    path: ['src', 'islands', 'shell', 'PanelPage.tsx'],
    source: "import { createApp } from '../../server/app';\nexport const probe = createApp;\n",
    refused: "The shell's page composes the areas' islands but imports nothing of the server or the CLI",
  },
  otherAccountIslandImportsNotifications: {
    path: ['src', 'islands', 'account', 'ProfileTab.tsx'],
    source: "import { NotificationsTab } from '../notifications/NotificationsTab';\nexport const probe = NotificationsTab;\n",
    refused: 'Islands of account import components, stores and src/lib',
  },
  // Allowed.
  islandImportsSharedParts: {
    path: ['src', 'islands', 'affiliate', 'Allowed.tsx'],
    source: [
      "import { Money } from '../../components/Money';",
      "import { DocTable } from '../../components/billing/DocumentParts';",
      "import { humanise } from '../../lib/format/words';",
      "import { $session } from '../../stores/session';",
      "import { ReportChart } from './ReportChart';",
      'export const probe = [Money, DocTable, humanise, $session, ReportChart];',
      '',
    ].join('\n'),
  },
  composition: {
    path: ['src', 'islands', 'shell', 'PanelPage.tsx'],
    source: "import { lazy } from 'react';\nexport const probe = lazy(() => import('../billing/BillingPage').then((m) => ({ default: m.BillingPage })));\n",
  },
  accountTab: {
    path: ['src', 'islands', 'account', 'AccountArea.tsx'],
    source: "import { NotificationsTab } from '../notifications/NotificationsTab';\nexport const probe = NotificationsTab;\n",
  },
  shellHostsNotifications: {
    path: ['src', 'islands', 'shell', 'Probe.tsx'],
    source: "import { NotificationBell } from '../notifications/NotificationBell';\nexport const probe = NotificationBell;\n",
  },
};

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

/** What Biome said of each probe. */
const found = new Map<string, Diagnostic[]>();
let base = '';

/**
 * Writes the probes into as few folders as their paths allow (two may claim one path), each with
 * a copy of the project's biome.jsonc, lints each folder once and sorts the findings by probe.
 */
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'hostdeck-lint-'));
  const folders: Map<string, string>[] = [];
  for (const [name, probe] of Object.entries(PROBES)) {
    const path = probe.path.join('/');
    let folder = folders.find((f) => !f.has(path));
    if (!folder) {
      folder = new Map();
      folders.push(folder);
    }
    folder.set(path, name);
    const file = join(base, String(folders.indexOf(folder)), ...probe.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, probe.source);
    found.set(name, []);
  }
  for (const [i, folder] of folders.entries()) {
    const cwd = join(base, String(i));
    copyFileSync(join(ROOT, 'biome.jsonc'), join(cwd, 'biome.jsonc'));
    const run = spawnSync(BIOME, ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=200', '.'], { cwd, encoding: 'utf8' });
    if (!run.stdout.trim()) throw new Error(`biome printed nothing: ${run.stderr}`);
    const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
    for (const d of report.diagnostics) {
      const name = folder.get(d.location.path);
      if (!name) throw new Error(`a finding outside the probes: ${JSON.stringify(d)}`);
      found.get(name)!.push(d);
    }
  }
});

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

describe('the import boundaries (biome.jsonc)', () => {
  for (const [name, probe] of Object.entries(PROBES)) {
    const where = probe.path.join('/');
    if (probe.refused) {
      it(`refuses ${name} (${where})`, () => {
        const refusals = found.get(name)!.filter((d) => d.category === 'lint/style/noRestrictedImports');
        expect(refusals.length, JSON.stringify(found.get(name), null, 1)).toBeGreaterThan(0);
        for (const r of refusals) expect(r.message).toContain(probe.refused);
      });
    } else {
      it(`allows ${name} (${where})`, () => {
        expect(found.get(name)).toEqual([]);
      });
    }
  }
});
