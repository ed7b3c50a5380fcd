import { map, type MapStore } from 'nanostores';
import type { z } from 'zod/mini';
import { ApiError, ValidationError, errorMessages } from '../lib/errors';
import { fieldErrors } from '../lib/schemas/auth';
import { toastError, toastSuccess } from './toasts';

/** Field name to the sentence shown beside that field. */
export type FieldErrors = Record<string, string>;

export interface FormState {
  /** A submission is running: the submit button is disabled and a second submit is refused. */
  busy: boolean;
  /** The sentences beside the fields, from the shared schema or from the server's `fields`. */
  fields: FieldErrors;
  /**
   * The server's sentences about the last attempt when they name no field (they are toasted
   * too); a form that wants them in the form as well shows this (the login does).
   */
  message: string | null;
  /** Submissions tried so far (busy refusals aside): a notice the page opened with stops applying. */
  attempts: number;
}

export type SubmitOutcome<A> =
  | { ok: true; answer: A }
  /** `busy`: refused, one is running; `invalid`: the panel's own check; `refused`: the server's answer or no answer. */
  | { ok: false; reason: 'busy' | 'invalid' | 'refused'; fields: FieldErrors };

export interface FormOptions<S extends z.ZodMiniType, A, V> {
  /**
   * The shared schema the server checks the body with (src/lib/schemas), so the panel shows
   * the server's sentences before sending. Without one, what `input` builds is sent as it is.
   */
  schema?: S;
  /** What the schema checks, built from the field values (adds a link's hash, the tracking parameters...). */
  input?: (values: V) => z.input<S>;
  /**
   * The request. Checks beyond the schema that need the server (is the email free, is the VAT
   * ID valid) throw a ValidationError: its sentences stand beside their fields, untoasted,
   * like the schema's.
   */
  send: (data: z.output<S>, values: V) => Promise<A> | A;
  /** The spec's success sentence to toast, usually the answer's `message`; none when the page shows it itself. */
  successToast?: (answer: A) => string | null | undefined;
  /** After a success (and its toast): close the dialog, go to the next step, reload a list. */
  onSuccess?: (answer: A, data: z.output<S>) => void | Promise<void>;
  /** After a refusal of any kind but `busy`, with the fields it names (none for a sentence without a field). */
  onFailure?: (fields: FieldErrors, error: unknown) => void;
}

/** A form's submission logic, framework-free: what a React form binds to (src/components/form/use-form.ts). */
export interface FormController<V, A = unknown> {
  readonly $state: MapStore<FormState>;
  /** Checks `values` and sends them, unless a submission is already running. */
  submit(values: V): Promise<SubmitOutcome<A>>;
  /**
   * Shows sentences beside fields, e.g. the answer of a later step that names this step's
   * fields, and optionally a sentence for the whole form.
   */
  showErrors(fields: FieldErrors, message?: string | null): void;
  /** Removes the sentence of one field, once the person changes it. */
  clearError(name: string): void;
  /** Back to untouched: no errors, no message, nothing running (a dialog opened again). */
  reset(): void;
}

const idle = (): FormState => ({ busy: false, fields: {}, message: null, attempts: 0 });

/** The field sentences an error carries: a ValidationError's, or the server's `fields`. */
export function errorFields(error: unknown): FieldErrors {
  if (error instanceof ValidationError) return { ...error.fields };
  if (error instanceof ApiError && error.body.fields) return { ...error.body.fields };
  return {};
}

/**
 * One form's submission, as every form of the panel does it (issue 7): the shared schema's
 * check, a busy state that refuses a second submit while one runs (a double click sends
 * once), the sentences beside the fields from the schema or the server's `fields`, every
 * server sentence as an error toast (spec decisions, 3: error bodies) and the spec's success
 * toast.
 */
export function createForm<S extends z.ZodMiniType, A, V = z.input<S>>(options: FormOptions<S, A, V>): FormController<V, A> {
  const $state = map<FormState>(idle());

  function refuse(reason: 'invalid' | 'refused', fields: FieldErrors, error: unknown, message: string | null): SubmitOutcome<A> {
    $state.set({ ...$state.get(), busy: false, fields, message });
    options.onFailure?.(fields, error);
    return { ok: false, reason, fields };
  }

  async function submit(values: V): Promise<SubmitOutcome<A>> {
    const before = $state.get();
    if (before.busy) return { ok: false, reason: 'busy', fields: before.fields };
    const attempts = before.attempts + 1;
    const raw: unknown = options.input ? options.input(values) : values;
    let data = raw as z.output<S>;
    if (options.schema) {
      const parsed = options.schema.safeParse(raw);
      if (!parsed.success) {
        $state.setKey('attempts', attempts);
        return refuse('invalid', fieldErrors(parsed.error), parsed.error, null);
      }
      data = parsed.data;
    }
    $state.set({ busy: true, fields: {}, message: null, attempts });
    let answer: A;
    try {
      answer = await options.send(data, values);
    } catch (error) {
      // The panel's own sentences (a check that asked the server) stand beside their fields only.
      if (error instanceof ValidationError) return refuse('invalid', { ...error.fields }, error, null);
      toastError(error);
      const fields = errorFields(error);
      return refuse('refused', fields, error, Object.keys(fields).length ? null : errorMessages(error).join(' ') || null);
    }
    const sentence = options.successToast?.(answer);
    if (sentence) toastSuccess(sentence);
    try {
      // Still busy until the follow-up is done (the list reloaded, the dialog closed), so a
      // click in between cannot send the same form again.
      await options.onSuccess?.(answer, data);
    } finally {
      $state.setKey('busy', false);
    }
    return { ok: true, answer };
  }

  return {
    $state,
    submit,
    showErrors: (fields, message = null) => $state.set({ ...$state.get(), fields: { ...fields }, message }),
    clearError(name) {
      const { fields } = $state.get();
      if (!(name in fields)) return;
      const { [name]: _cleared, ...rest } = fields;
      $state.setKey('fields', rest);
    },
    reset: () => $state.set(idle()),
  };
}
