import { describe, expect, it } from 'vitest';
import { FIRST_STEP, LAST_STEP, STEP, STEP_COUNT, STEP_NAMES, stepToShow } from '../../../src/lib/rules/getting-started';

describe('the getting-started steps', () => {
  it('counts the steps from STEP, numbered 1 to the count with no gaps', () => {
    expect(STEP_COUNT).toBe(8);
    expect(Object.values(STEP).sort((a, b) => a - b)).toEqual(Array.from({ length: STEP_COUNT }, (_, i) => FIRST_STEP + i));
    expect(LAST_STEP).toBe(STEP_COUNT);
    expect(Object.keys(STEP_NAMES)).toHaveLength(STEP_COUNT);
  });
});

describe('stepToShow: the wizard follows what the company has done', () => {
  const none = { paymentMethod: false, hosting: false, ipGroup: null, ipAddresses: false, domainGroup: null, firstDomain: null };
  it('asks a company without a card for one', () => {
    expect(stepToShow(STEP.paymentMethod, none, {})).toEqual({ step: STEP.paymentMethod, data: {} });
  });
  it('passes over a card it has, and keeps the group it made for the next step', () => {
    expect(stepToShow(STEP.paymentMethod, { ...none, paymentMethod: true }, {}).step).toBe(STEP.hosting);
    expect(stepToShow(STEP.paymentMethod, { ...none, paymentMethod: true, hosting: true, ipGroup: 'g1' }, {})).toEqual({ step: STEP.ipAddresses, data: { ip_group: 'g1' } });
  });
  it('takes a company with everything set up to the summary of its first domain', () => {
    const all = { paymentMethod: true, hosting: true, ipGroup: 'g1', ipAddresses: true, domainGroup: 'd1', firstDomain: { domain: 'a.example', ip_address: '192.0.2.1' } };
    expect(stepToShow(STEP.paymentMethod, all, {})).toEqual({
      step: STEP.firstDomain,
      data: { ip_group: 'g1', domain_group: 'd1', domain_info: [{ domain: 'a.example', ip_address: '192.0.2.1' }] },
    });
  });
  it('always shows the welcome and the introduction', () => {
    const all = { paymentMethod: true, hosting: true, ipGroup: 'g1', ipAddresses: true, domainGroup: 'd1', firstDomain: null };
    expect(stepToShow(STEP.introduction, all, {}).step).toBe(STEP.introduction);
  });
});
