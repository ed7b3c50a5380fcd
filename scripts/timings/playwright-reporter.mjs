// Records each browser test file's time: the sum of its tests' durations (its tests may run
// on both workers at once, so this is work done, not wall-clock time).
import { relative } from 'node:path';
import { record } from './store.mjs';

export default class TimingsReporter {
  perFile = new Map();

  onTestEnd(test, result) {
    const file = relative(process.cwd(), test.location.file);
    this.perFile.set(file, (this.perFile.get(file) ?? 0) + result.duration);
  }

  onEnd() {
    for (const [name, ms] of this.perFile) record({ kind: 'file', suite: 'browser', name, seconds: ms / 1000 });
  }

  printsToStdio() {
    return false;
  }
}
