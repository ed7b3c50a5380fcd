import { describe, expect, it } from 'vitest';
import { createMemoryRateCounter, decide, normalizePath } from '../../../../src/lib/firewall';
import { CASE_EPOCH, CASE_RULES, FIREWALL_SCENARIOS } from '../../../fixtures/firewall-cases';

/**
 * The request -> decision table (issue 9, done-when 2), as the evaluator answers it once the
 * path is normalised as the edge normalises it (issue 33): a path that cannot be is REFUSED.
 */
describe.each(FIREWALL_SCENARIOS.map((scenario) => [scenario.name, scenario] as const))('%s', (_name, scenario) => {
  // One store per scenario, steps in order: the rate-limit steps build on the ones before.
  const counter = createMemoryRateCounter();
  it.each(scenario.steps.map((step) => [step.name, step] as const))('%s', (_step, step) => {
    const path = normalizePath(step.request.path);
    if (path === null) {
      expect(step.expected).toEqual({ action: 'REFUSED', rule: null });
      return;
    }
    const decision = decide({ ...step.request, path }, scenario.rules, counter, CASE_EPOCH + step.at);
    expect({ action: decision.action, rule: decision.rule }).toEqual({ action: step.expected.action, rule: step.expected.rule });
    if (step.expected.action === 'REDIRECT') {
      expect(decision).toMatchObject({ destination: step.expected.destination, status: step.expected.status });
    }
  });
});

describe('the table itself', () => {
  it('reaches every kind of decision and every rule that can decide', () => {
    const steps = FIREWALL_SCENARIOS.flatMap((s) => s.steps);
    expect(new Set(steps.map((s) => s.expected.action))).toEqual(new Set(['ALLOW', 'REJECT', 'REDIRECT', 'LIMITED', 'REFUSED']));
    const deciding = new Set(steps.map((s) => s.expected.rule));
    // The disabled rule never applies, and no request gets past an allowlist with a default of
    // REJECT to the rule after it: the office is let in at once, everyone else turned away.
    const never = new Set<string>([CASE_RULES.disabledBlockAll, CASE_RULES.noBots]);
    for (const rule of FIREWALL_SCENARIOS.flatMap((s) => s.rules)) expect(deciding.has(rule.guid), rule.guid).toBe(!never.has(rule.guid));
  });
});
