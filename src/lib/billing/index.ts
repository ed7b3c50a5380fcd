/** Money, pricing, proration and payment limits: one module for the panel, the server and the CLI (issue 10). */
export * from './calendar';
export * from './money';
export * from './payment-limits';
export * from './pricing';
export * from './proration';
