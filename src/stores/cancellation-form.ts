import type { CancellationReason } from '../lib/schemas/ip-addresses';

/**
 * The cancellation form's values (spec part 3, 5 "Cancellation of IP addresses"; the order's
 * cancel form has the same fields), shared by the IP page's and the order page's dialogs:
 * empty choices until picked.
 */
export interface CancellationFeedbackValues {
  cancellation_time: 'END_OF_BILLING_CYCLE' | 'IMMEDIATELY';
  cancellation_reason: CancellationReason | '';
  custom_cancellation_reason: string;
  recommendation_score: number | null;
  how_likely_to_use_us_again: number | null;
  agree: boolean;
}

export const EMPTY_CANCELLATION: CancellationFeedbackValues = {
  cancellation_time: 'END_OF_BILLING_CYCLE',
  cancellation_reason: '',
  custom_cancellation_reason: '',
  recommendation_score: null,
  how_likely_to_use_us_again: null,
  agree: false,
};

/** The form's values as the schemas read them: words for OTHER only, empty choices as they are (the schema names them). */
export const feedbackInput = (values: CancellationFeedbackValues) => ({
  ...values,
  custom_cancellation_reason: values.cancellation_reason === 'OTHER' ? values.custom_cancellation_reason : null,
});
