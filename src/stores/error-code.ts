import { getErrorDescription } from '../lib/requests/system';
import { api } from './api';
import { toastError } from './toasts';

/** How long the description of an error code in the URL stays up (spec part 1, 9). */
export const ERROR_CODE_TOAST_MS = 5000;

/** Resolves `?error=<code>` into its description and shows it; an unknown code shows nothing. */
export async function showErrorCode(code: string): Promise<void> {
  try {
    const answer = await getErrorDescription(api, code);
    toastError(answer.data.description, ERROR_CODE_TOAST_MS);
  } catch {
    // A code the API does not know is not worth a second, confusing error.
  }
}
