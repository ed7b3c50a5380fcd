import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import type { FieldErrors, FormController, SubmitOutcome } from '../../stores/form';
import { typedValues } from './typed-values';

/** The names of a form's text values: the fields whose text the page can hold before the script runs. */
type TextKey<V> = { [K in keyof V]-?: NonNullable<V[K]> extends string ? K : never }[keyof V] & string;

export interface UseFormOptions<V, A> {
  /** The fields' values when the form first shows (and after `reset()`). */
  initial: V;
  /**
   * Values that must outlast this form (each sign-up step is its own form over the one set
   * the steps share): this pair replaces the hook's own state.
   */
  state?: readonly [V, (next: V) => void];
  /** After a successful submission (its toast already shown): close the dialog, say it is done. */
  onDone?: (answer: A) => void;
}

/** What a text field takes from its form: TextField's props. */
export interface TextFieldBinding {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

export interface FormBinding<V, A> {
  values: V;
  /** Sets one value; its sentence goes, the person is changing it. */
  set<K extends keyof V & string>(name: K, value: V[K]): void;
  errors: FieldErrors;
  busy: boolean;
  /** The server's sentence about the last attempt when it names no field (also toasted). */
  message: string | null;
  attempts: number;
  /** Spread on the <form>: the submit reads the fields as the page shows them. */
  form: { ref: RefObject<HTMLFormElement | null>; onSubmit: (event: FormEvent<HTMLFormElement>) => void; noValidate: true };
  /** Spread on a TextField: its name, value, change and the sentence beside it. */
  text(name: TextKey<V>): TextFieldBinding;
  /** Submits what the fields show now, e.g. from a button outside the submit path. */
  submit(): Promise<SubmitOutcome<A>>;
  /** Back to the first values with no sentences (a dialog opened again). */
  reset(): void;
}

/**
 * Takes the text the page's fields hold into `values`: the fields are the source of truth,
 * so what was typed, pasted or autofilled before the script ran (or without an input event)
 * is what the form holds and sends. Non-text values (boxes, radios, comboboxes) stay as held.
 */
export function withTypedValues<V>(values: V, typed: Record<string, string>): V {
  const out: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const [name, value] of Object.entries(typed)) if (typeof out[name] === 'string') out[name] = value;
  return out as V;
}

/**
 * Binds a form of the panel (src/stores/form.ts: schema, busy, field errors, toasts) to a
 * <form> element: the values while typing, what the page shows at submit, the busy state
 * and each field's sentence beside it.
 */
export function useForm<V, A>(controller: FormController<V, A>, { initial, state, onDone }: UseFormOptions<V, A>): FormBinding<V, A> {
  const own = useState(initial);
  const [values, setValues] = state ?? own;
  const { busy, fields, message, attempts } = useStore(controller.$state);
  const ref = useRef<HTMLFormElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration: without it the first render would empty what the page held.
  useEffect(() => {
    const held = ref.current ? typedValues(ref.current) : {};
    const filled = Object.fromEntries(Object.entries(held).filter(([, v]) => v !== ''));
    if (Object.keys(filled).length) setValues(withTypedValues(values, filled));
  }, []);

  // The values as last set: two `set` calls in one handler both land (each builds on the other).
  const latest = useRef(values);
  latest.current = values;

  function set<K extends keyof V & string>(name: K, value: V[K]): void {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
    controller.clearError(name);
  }

  async function submit(): Promise<SubmitOutcome<A>> {
    const shown = ref.current ? withTypedValues(values, typedValues(ref.current)) : values;
    if (shown !== values) setValues(shown);
    const outcome = await controller.submit(shown);
    if (outcome.ok) onDone?.(outcome.answer);
    return outcome;
  }

  return {
    values,
    set,
    errors: fields,
    busy,
    message,
    attempts,
    form: {
      ref,
      noValidate: true,
      onSubmit(event) {
        event.preventDefault();
        void submit();
      },
    },
    text: (name) => ({ name, value: (values[name] as string | undefined) ?? '', onValueChange: (value: string) => set(name, value as V[typeof name]), error: fields[name] }),
    submit,
    reset() {
      setValues(initial);
      controller.reset();
    },
  };
}
