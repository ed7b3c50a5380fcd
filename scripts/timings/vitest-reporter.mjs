// Records each Vitest file's time, split into loading (environment, setup files, importing the
// file and what it imports) and running its tests and hooks.
import { relative } from 'node:path';
import { record } from './store.mjs';

export default class TimingsReporter {
  onTestRunEnd(testModules) {
    const suite = process.env.TEST_DATABASE_URL ? 'vitest on PostgreSQL' : 'vitest';
    for (const module of testModules) {
      const d = module.diagnostic();
      const loading = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration;
      record({ kind: 'file', suite, name: relative(process.cwd(), module.moduleId), seconds: (loading + d.duration) / 1000, loading: loading / 1000 });
    }
  }
}
