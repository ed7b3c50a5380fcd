import { describe, expect, it } from 'vitest';
import type { TaskEvent } from '../../../src/lib/api/tasks';
import { readTaskEvents } from '../../../src/lib/requests/task-events';

/**
 * How the panel and the CLI read the task event stream, whatever the network does to it: the
 * stream as hono/streaming writes it, cut into chunks anywhere (one byte each at worst, a
 * multi-byte character split too), with any of the three line ends.
 */
const event = (n: number): TaskEvent => ({
  task: `00000000-0000-4000-8000-00000000000${n}`,
  kind: 'DNS_RESET',
  domain_group: null,
  status: 'ACTIVE',
  progress_percentage: n * 10,
  date_completed: null,
  item: n === 2 ? { guid: '00000000-0000-4000-8000-0000000000aa', action: 'Zone für ünïcode', status: 'COMPLETED', error: null } : null,
});

/** A fetch whose answer is `chunks` as bytes, one read each. */
function streaming(chunks: Uint8Array[]): typeof globalThis.fetch {
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      }),
      { headers: { 'Content-Type': 'text/event-stream' } },
    );
}

async function read(chunks: Uint8Array[]) {
  const tasks: TaskEvent[] = [];
  let ready = 0;
  let beats = 0;
  const end = await readTaskEvents({ baseURL: 'http://api.test', fetch: streaming(chunks) }, { onReady: () => ready++, onTask: (e) => tasks.push(e), onHeartbeat: () => beats++ });
  return { tasks, ready, beats, ...end };
}

const bytes = (text: string) => new TextEncoder().encode(text);
const bytewise = (text: string) => [...bytes(text)].map((b) => Uint8Array.of(b));

const STREAM = [
  'event: ready\ndata: {}\nid: 1\nretry: 3000\n\n',
  ': heartbeat\n\n',
  `event: task\ndata: ${JSON.stringify(event(1))}\nid: 2\n\n`,
  // No id: the last one stays.
  `event: task\ndata: ${JSON.stringify(event(2))}\n\n`,
  // Not for this reader: skipped, and so is an event without data.
  'event: other\ndata: x\n\nevent: task\n\n',
  // Unreadable as a task: skipped, not fatal.
  'event: task\ndata: {"task":1}\n\n',
  // An id holding NUL is no id.
  `event: task\nid: a\0b\ndata: ${JSON.stringify(event(3))}\n\n`,
  ': heartbeat\n\n',
].join('');

describe('readTaskEvents', () => {
  const expected = { tasks: [event(1), event(2), event(3)], ready: 1, beats: 2, lastEventId: '2', retryMs: 3000, dropped: false };

  it('reads ready, task events, ids, retry and heartbeats as the server writes them', async () => {
    expect(await read([bytes(STREAM)])).toEqual(expected);
  });

  it('reads the same however the stream is cut, one byte at a time included', async () => {
    expect(await read(bytewise(STREAM))).toEqual(expected);
  });

  it('takes \\r\\n and lone \\r line ends, a \\r\\n cut between two chunks too', async () => {
    const crlf = STREAM.replaceAll('\n', '\r\n');
    expect(await read(bytewise(crlf))).toEqual(expected);
    expect(await read([bytes(STREAM.replaceAll('\n', '\r'))])).toEqual(expected);
  });
});
