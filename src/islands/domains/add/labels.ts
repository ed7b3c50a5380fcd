import type { WIZARD_SOFTWARE } from '../../../lib/schemas/add-domains';

export const SOFTWARE_LABELS: Record<(typeof WIZARD_SOFTWARE)[number], string> = { WORDPRESS: 'WordPress' };

/** The columns of the wizard's table and of its review (spec part 2, 2.8). */
export const HEADERS = ['Domain', 'IP Address', 'Hosting Account', 'SSL', 'Redirect to HTTPS', 'Software', 'Protocol', 'Software Preset'];
