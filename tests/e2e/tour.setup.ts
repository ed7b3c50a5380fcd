import { rmSync } from 'node:fs';
import { test } from './support';
import { TOUR_DIR } from './tour/screens';

/** Each run's tour starts from an empty folder, so the screenshots there are all of this run. */
test('clear the last tour', () => {
  rmSync(TOUR_DIR, { recursive: true, force: true });
});
