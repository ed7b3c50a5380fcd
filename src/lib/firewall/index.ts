/** The firewall evaluator and what the rule form needs of it (issue 9; docs/decisions.md "Firewall"). */
export * from './constants';
export * from './decide';
export * from './fields';
export * from './match';
export * from './operators';
export * from './path';
export * from './predefined-bots';
export * from './rate-limit';
export * from './request';
export * from './rule-form';
export * from './types';
