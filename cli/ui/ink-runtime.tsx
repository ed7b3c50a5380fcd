/**
 * Everything that mounts Ink. render.ts loads this module only when it is about to draw,
 * because importing Ink costs about 0.4 s, which `--json` runs and pipes should not pay.
 */
import { Spinner } from '@inkjs/ui';
import { render, renderToString } from 'ink';
import type { CliIO } from '../context';
import { Message, type MessageProps } from './Message';
import { Prompt, type PromptProps } from './Prompt';

// Ink's types want tty streams; ours are only ever passed here after an isTTY check.
type InkStdout = NodeJS.WriteStream;
type InkStdin = NodeJS.ReadStream;

export function messageToString(props: MessageProps, columns: number): string {
  return renderToString(<Message {...props} />, { columns });
}

/** Draws a spinner on stderr until `stop` is called, then removes it from the screen. */
export function mountSpinner(io: CliIO, label: string): { stop(): Promise<void> } {
  const instance = render(<Spinner label={label} />, {
    stdout: io.stderr as InkStdout,
    stderr: io.stderr as InkStdout,
    stdin: io.stdin as InkStdin,
    // We only get here on a terminal, where CI being set would only hide the animation.
    interactive: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return {
    async stop() {
      instance.clear();
      instance.unmount();
      await instance.waitUntilExit();
    },
  };
}

/** Asks one question on stderr; resolves with the answer, or undefined after Ctrl+C. */
export async function runPrompt(io: CliIO, props: PromptProps): Promise<string | undefined> {
  const instance = render(<Prompt {...props} />, {
    stdout: io.stderr as InkStdout,
    stderr: io.stderr as InkStdout,
    stdin: io.stdin as InkStdin,
    interactive: true,
    patchConsole: false,
  });
  const answer: unknown = await instance.waitUntilExit();
  return typeof answer === 'string' ? answer : undefined;
}
