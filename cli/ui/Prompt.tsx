import { Box, Text, useApp } from 'ink';
import { useEffect, useState } from 'react';
import { LineInput } from './LineInput';

export interface PromptProps {
  label: string;
  /** Hidden input: the answer is shown as asterisks while typing and never echoed after. */
  secret?: boolean;
  defaultValue?: string | undefined;
  placeholder?: string | undefined;
  /** A sentence for a refused answer; the prompt stays open until an answer passes. */
  validate?: ((value: string) => string | undefined) | undefined;
  /** Called once with the accepted answer, just before the app exits with it. */
  onSubmit?: ((value: string) => void) | undefined;
}

/** A one-line question that exits the Ink app with the accepted answer. */
export function Prompt({ label, secret = false, defaultValue, placeholder, validate, onSubmit }: PromptProps) {
  const { exit } = useApp();
  const [error, setError] = useState<string>();
  const [answer, setAnswer] = useState<string | null>(null);

  // Exit after the answered frame has rendered, so the terminal keeps "✔ Email: ..." behind.
  useEffect(() => {
    if (answer === null) return;
    onSubmit?.(answer);
    exit(answer);
  }, [answer, exit, onSubmit]);

  const submit = (value: string) => {
    const problem = validate?.(value);
    if (problem) setError(problem);
    else setAnswer(value);
  };

  if (answer !== null) {
    return (
      <Text>
        <Text color="green">✔</Text> {label}: <Text dimColor>{secret ? '********' : answer}</Text>
      </Text>
    );
  }
  return (
    <Box flexDirection="column">
      <Box>
        <Text bold>
          <Text color="cyan">?</Text> {label}:{' '}
        </Text>
        <LineInput secret={secret} defaultValue={defaultValue} placeholder={placeholder} onChange={() => setError(undefined)} onSubmit={submit} />
      </Box>
      {error ? (
        <Box paddingLeft={2}>
          <Text color="red">{error}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
