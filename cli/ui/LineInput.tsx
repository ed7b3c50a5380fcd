import { PasswordInput, TextInput } from '@inkjs/ui';
import { useCallback, useRef, useState } from 'react';

export interface LineInputProps {
  /** Hidden input: asterisks while typing. */
  secret?: boolean;
  defaultValue?: string | undefined;
  placeholder?: string | undefined;
  /** Each change while typing (not the pasted line ending). */
  onChange?: ((value: string) => void) | undefined;
  onSubmit: (value: string) => void;
}

/**
 * A one-line input that takes Enter however it arrives. Text pasted with its Enter comes as one
 * chunk, which the input would keep as typed text with a newline in it: what comes before the
 * newline is submitted, and the input starts afresh from it (for correcting, if it is refused).
 * The callbacks are read when called: the input calls its onChange again whenever a new one is
 * passed, which would repeat a change the parent has already handled.
 */
export function LineInput({ secret = false, defaultValue, placeholder, onChange, onSubmit }: LineInputProps) {
  const [inputKey, setInputKey] = useState(0);
  const [draft, setDraft] = useState(defaultValue);
  const latest = useRef({ onChange, onSubmit });
  latest.current = { onChange, onSubmit };
  const seen = useRef<string | undefined>(defaultValue);

  const change = useCallback(
    (value: string) => {
      if (value === seen.current) return;
      seen.current = value;
      const end = value.search(/[\r\n]/);
      if (end === -1) return latest.current.onChange?.(value);
      const line = value.slice(0, end);
      seen.current = secret ? undefined : line;
      setDraft(secret ? undefined : line);
      setInputKey((k) => k + 1);
      latest.current.onSubmit(line);
    },
    [secret],
  );
  const submit = useCallback((value: string) => latest.current.onSubmit(value), []);

  return secret ? (
    <PasswordInput key={inputKey} placeholder={placeholder} onChange={change} onSubmit={submit} />
  ) : (
    <TextInput key={inputKey} defaultValue={draft} placeholder={placeholder} onChange={change} onSubmit={submit} />
  );
}
