import { describe, expect, it } from 'vitest';
import { FIRST_STEP, LAST_STEP, STEP, STEP_COUNT, STEP_NAMES } from '../../../src/lib/rules/getting-started';

describe('the getting-started steps', () => {
  it('counts the steps from STEP, numbered 1 to the count with no gaps', () => {
    expect(STEP_COUNT).toBe(8);
    expect(Object.values(STEP).sort((a, b) => a - b)).toEqual(Array.from({ length: STEP_COUNT }, (_, i) => FIRST_STEP + i));
    expect(LAST_STEP).toBe(STEP_COUNT);
    expect(Object.keys(STEP_NAMES)).toHaveLength(STEP_COUNT);
  });
});
