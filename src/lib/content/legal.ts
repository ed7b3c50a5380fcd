import { TERMS } from '../rules/terms';

/** A legal text as headed sections of plain paragraphs: rendered by the /terms and /privacy pages and by sign-up steps 3 and 4. */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

const T = TERMS;

export const TERMS_OF_SERVICE: LegalSection[] = [
  {
    heading: '1. The agreement',
    paragraphs: [
      'These Terms of Service govern your use of the panel, the API and every service you order through them: IP addresses, domains, hosting and support. By creating an account you accept them on behalf of yourself and the company you name.',
      `Unless an order states otherwise, each service runs for a default term of ${T.defaultTermYears} year and renews for the same term.`,
    ],
  },
  {
    heading: '2. Payment',
    paragraphs: [
      'Invoices are issued in the currency chosen at sign-up, which cannot be changed later.',
      `Invoices are due on their due date, with a ${T.paymentGraceDays}-day payment grace period. After it, services may be suspended and a late penalty of $${T.latePenaltyUsd} is added to the invoice.`,
      `A chargeback or payment dispute opened without first contacting our support carries a $${T.chargebackFeeUsd} chargeback fee.`,
    ],
  },
  {
    heading: '3. Cancellation and refunds',
    paragraphs: [
      `To stop a service from renewing, request its cancellation at least ${T.cancellationNoticeHours} hours before the renewal date.`,
      `A refund is possible when the resources were not used within ${T.refundUnusedDays} days of the order. Used resources are not refunded.`,
    ],
  },
  {
    heading: '4. Support',
    paragraphs: [
      'Support for the services themselves is included.',
      `Advanced support (work on your own software, configuration or content) is billed at $${T.advancedSupportUsdPerHour} per hour, with a minimum of ${T.advancedSupportMinimumHours} hour.`,
    ],
  },
  {
    heading: '5. Backups',
    paragraphs: [
      `Backups of hosting accounts are kept for at least ${T.backupRetentionDays} days.`,
      `${T.freeRestoresPerMonth === 1 ? 'One restore' : `${T.freeRestoresPerMonth} restores`} from backup per month is free; each further restore costs $${T.backupRestoreFeeUsd}.`,
    ],
  },
  {
    heading: '6. Acceptable use',
    paragraphs: [
      'You may not use the services for anything unlawful, for malware, phishing or for attacks on other networks.',
      `Bulk email is limited to no more than ${T.bulkEmailMaxMessages} messages, and unsolicited bulk email is not allowed at all.`,
      'We may suspend a service that breaks these rules, after telling you why whenever the law and the urgency allow.',
    ],
  },
];

export const PRIVACY_POLICY: LegalSection[] = [
  {
    heading: '1. What we collect',
    paragraphs: [
      'The details you give us at sign-up and later: your name, email address, company name and address, VAT ID and the currency you chose; how you heard about us; and the campaign parameters of the link that brought you here.',
      'For security: the addresses, browsers and times of your sign-ins, and a random identifier of each browser you trust. We do not fingerprint your device.',
    ],
  },
  {
    heading: '2. Why',
    paragraphs: [
      'To provide and bill the services you order, to keep your account secure (sign-in records, two-factor authentication, device verification) and to answer your support requests.',
      'Marketing emails are sent only while you agree to them; every such email carries a link to unsubscribe, and the switch is also in your profile.',
    ],
  },
  {
    heading: '3. How long',
    paragraphs: ['Account data is kept while the account exists and as long afterwards as tax and accounting law requires. Sign-in records are kept for one year.'],
  },
  {
    heading: '4. Your rights',
    paragraphs: ['You may ask for a copy of your data, its correction or its deletion, and object to its use for marketing, by contacting our support.'],
  },
  {
    heading: '5. Security',
    paragraphs: ['Passwords are stored only as salted argon2id hashes; session tokens, emailed links and codes only as hashes. Connections are encrypted.'],
  },
];
