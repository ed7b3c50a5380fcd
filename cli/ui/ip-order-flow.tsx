import { render } from 'ink';
import type { ChosenOrder } from '../commands/ip-order';
import type { CliIO } from '../context';
import { IpOrderFlow, type IpOrderSources } from './IpOrderFlow';

// Ink's types want tty streams; we only get here on a terminal (the command checks canPrompt).
type InkStdout = NodeJS.WriteStream;
type InkStdin = NodeJS.ReadStream;

/** Asks for an IP order on stderr; resolves with it once confirmed, or null when declined or after Ctrl+C. */
export async function askIpOrder(io: CliIO, sources: IpOrderSources): Promise<ChosenOrder | null> {
  let answer: ChosenOrder | null = null;
  const instance = render(
    <IpOrderFlow
      {...sources}
      onDone={(order) => {
        answer = order;
        // After the last frame has drawn, so the answers stay on screen.
        setImmediate(() => instance.unmount());
      }}
    />,
    { stdout: io.stderr as InkStdout, stderr: io.stderr as InkStdout, stdin: io.stdin as InkStdin, interactive: true, patchConsole: false },
  );
  await instance.waitUntilExit();
  return answer;
}
