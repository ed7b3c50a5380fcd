import type { CliIO } from './context';

const isEpipe = (error: unknown) => (error as NodeJS.ErrnoException | null | undefined)?.code === 'EPIPE';

/** What became of the run's output streams. */
export interface OutputWatch {
  /**
   * The reader of stdout has gone (`| head -1` has what it wanted): a write failed with EPIPE.
   * Read from the stream itself, never from an error a command throws: an EPIPE on the API's
   * socket is a network failure, not a reader that left.
   */
  readerLeft(): boolean;
  /** A write to stdout failed for another reason (a full disk), to report rather than hide. */
  writeFailure(): Error | undefined;
}

/**
 * Node ignores SIGPIPE, so once the reader of stdout has gone the next write fails with EPIPE,
 * raised as an 'error' event that, unheard, ends the process with a stack trace. Heard here, so
 * that the run can end quietly with exit code 0 (main.tsx), as git, gh and doctl do. The
 * listeners stay for the life of the streams: a write's error may be raised after the run ended.
 */
export function watchOutput(io: CliIO): OutputWatch {
  let left = false;
  let failure: Error | undefined;
  io.stdout.on('error', (error: Error) => {
    if (isEpipe(error)) left = true;
    else failure ??= error;
  });
  // When stderr's reader has gone, messages have nowhere to go; the data on stdout still does.
  io.stderr.on('error', () => undefined);
  return {
    // `errored` is set as the write fails, before the 'error' event is raised on the next tick.
    readerLeft: () => left || isEpipe((io.stdout as { errored?: unknown }).errored),
    writeFailure: () => failure,
  };
}

/** stdout can take no more: its reader has gone (or it failed), so writing on is wasted work. */
export const outputClosed = (stream: NodeJS.WritableStream) => Boolean((stream as { destroyed?: boolean }).destroyed);
