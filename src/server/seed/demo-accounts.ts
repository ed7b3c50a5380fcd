/** One password for every demo account: printed at start-up and used by the tests. */
export const DEMO_PASSWORD = 'hostdeck-demo-2026';

export interface DemoAccount {
  email: string;
  password: string;
  label: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'demo@hostdeck.test', password: DEMO_PASSWORD, label: 'Owner of the partner company, staff in a second company' },
  { email: 'staff@hostdeck.test', password: DEMO_PASSWORD, label: 'Staff without billing permissions' },
  { email: 'customer@hostdeck.test', password: DEMO_PASSWORD, label: 'Customer account' },
  { email: 'bluebird@hostdeck.test', password: DEMO_PASSWORD, label: 'Owner of Bluebird Media Ltd, another company' },
];

export const PARTNER_COMPANY_NAME = 'Northwind Web Agency';
export const SECOND_COMPANY_NAME = 'Bluebird Media Ltd';
