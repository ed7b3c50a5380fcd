import { Box, Text } from 'ink';

export type MessageKind = 'info' | 'success' | 'warning' | 'error';

const MARK: Record<MessageKind, { glyph: string; color: string }> = {
  info: { glyph: 'ℹ', color: 'blue' },
  success: { glyph: '✔', color: 'green' },
  warning: { glyph: '!', color: 'yellow' },
  error: { glyph: '✖', color: 'red' },
};

export interface MessageProps {
  kind: MessageKind;
  message: string;
  /** What to do about it, shown dimmed under the message. */
  hint?: string | undefined;
}

/** One status line for stderr, with an optional hint under it. */
export function Message({ kind, message, hint }: MessageProps) {
  const mark = MARK[kind];
  return (
    <Box flexDirection="column">
      {/* One Text, not a Box per part: some glyphs measure two columns wide and would eat the gap. */}
      <Text>
        <Text color={mark.color} bold>
          {mark.glyph}
        </Text>{' '}
        {message}
      </Text>
      {hint ? (
        <Box paddingLeft={2}>
          <Text dimColor>{hint}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
