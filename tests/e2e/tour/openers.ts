import type { Locator, Page } from '@playwright/test';

/**
 * The dialogs, drawers and wizards the tour opens on a screen, by the screen's name
 * (tour/screens.ts screenName). Each opener answers the dialog it opened, or null when the
 * role does not have its button. `views` are further states of the same dialog (a drawer's
 * tabs), each looked at in turn.
 */
export interface Opener {
  name: string;
  open(page: Page): Promise<Locator | null>;
  views?: (dialog: Locator) => Promise<{ name: string; show(): Promise<void> }[]>;
}

/** Clicks the button named `label` when the role has it, and answers the dialog named `title`. */
const byButton =
  (label: string, title: string | RegExp = label): Opener['open'] =>
  async (page) => {
    const button = page.getByRole('main').getByRole('button', { name: label, exact: true });
    if ((await button.count()) === 0 || !(await button.first().isEnabled())) return null;
    await button.first().click();
    return page.getByRole('dialog', { name: title });
  };

const slug = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const OPENERS: Record<string, Opener[]> = {
  dashboard: [{ name: 'getting-started-wizard', open: byButton('Getting Started Wizard', /Getting started/i) }],
  domains: [{ name: 'add-domain-group', open: byButton('Add Domain Group') }],
  'domains-group': [
    {
      name: 'domain-drawer',
      async open(page) {
        const first = page.locator('.data-table tbody td button.link-button').first();
        if ((await first.count()) === 0) return null;
        const name = (await first.innerText()).trim();
        await first.click();
        return page.getByRole('dialog', { name });
      },
      async views(drawer) {
        const tabs = drawer.getByRole('tab');
        const labels = await tabs.allInnerTexts();
        return labels.map((label) => ({ name: slug(label), show: () => drawer.getByRole('tab', { name: label, exact: true }).click() }));
      },
    },
    { name: 'export', open: byButton('Export') },
  ],
  'ip-addresses-group': [{ name: 'ip-order-wizard', open: byButton('Add IP Addresses', /Add IP Addresses|Order IP Addresses/) }],
  hosting: [{ name: 'add-hosting-account', open: byButton('Add Hosting Account') }],
  'hosting-guid': [{ name: 'modify-plan', open: byButton('Modify Plan') }],
  'billing-payment-methods': [{ name: 'add-card', open: byButton('Add Card') }],
  'billing-invoices-id': [{ name: 'pay-invoice', open: byButton('Pay Invoice') }],
  'company-users': [{ name: 'create-user', open: byButton('Create User') }],
  'company-api': [{ name: 'create-api-key', open: byButton('Create API Key') }],
  'firewall-policies': [{ name: 'add-policy', open: byButton('Add Policy') }],
  'firewall-rulesets': [{ name: 'add-ruleset', open: byButton('Add Ruleset') }],
};
