import { atom } from 'nanostores';
import type { SupportPage } from '../lib/api/services';
import { createWebsiteSetupOrder, supportPage } from '../lib/requests/services';
import { websiteSetupFormSchema } from '../lib/schemas/services';
import { api } from './api';
import { attemptKey } from './attempt-key';
import { createForm } from './form';
import { goTo } from './navigation';
import { toastError } from './toasts';
import type { z } from 'zod/mini';

/** The services page's website order and the support page's contacts (spec part 3, 2.11, 2.12). */

export interface WebsiteSetupValues {
  /** As typed: the count field is text until it is checked. */
  website_count: string;
  content_count: number;
  premium_theme: boolean;
  managed_hosting: boolean;
  white_glove_domain_picking: boolean;
  agree: boolean;
}

export const INITIAL_WEBSITE_SETUP: WebsiteSetupValues = {
  website_count: '1',
  content_count: 15,
  premium_theme: false,
  managed_hosting: false,
  white_glove_domain_picking: false,
  agree: false,
};

/** The count as a number when it is a whole number, NaN otherwise (the schema says why). */
export const websiteCountOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

const orderKey = attemptKey();

/** Create Order: an order and its invoice, then the payer goes to the invoice (spec part 3, 4 "Website order"). */
export const websiteSetupForm = createForm({
  schema: websiteSetupFormSchema,
  // The box's `false` is the schema's to refuse with its sentence, so it goes in as it is.
  input: (v: WebsiteSetupValues) => ({ ...v, website_count: websiteCountOf(v.website_count) }) as unknown as z.input<typeof websiteSetupFormSchema>,
  send: ({ agree: _agree, ...body }) => createWebsiteSetupOrder(api, body, orderKey.get()),
  successToast: (answer) => answer.message,
  onSuccess: (answer) => {
    orderKey.renew();
    goTo(`/billing/invoices/${answer.invoice_id}`);
  },
});

export const $supportPage = atom<{ loading: boolean; page: SupportPage | null }>({ loading: false, page: null });

export async function loadSupportPage(): Promise<void> {
  $supportPage.set({ loading: true, page: $supportPage.get().page });
  try {
    $supportPage.set({ loading: false, page: await supportPage(api) });
  } catch (error) {
    toastError(error);
    $supportPage.set({ loading: false, page: null });
  }
}
