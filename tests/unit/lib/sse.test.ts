import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from '../../../src/lib/api/sse';

function parse(chunks: string[]) {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({ onMessage: (m) => messages.push(m), onComment: (c) => comments.push(c), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.feed(chunk);
  return { messages, comments, retries, lastEventId: parser.lastEventId };
}

describe('createSseParser', () => {
  it('reads events, ids, retry and comments as hono/streaming writes them', () => {
    const out = parse(['event: ready\ndata: {}\nid: 1\nretry: 3000\n\n: heartbeat\n\nevent: task\ndata: {"a":1}\nid: 2\n\n']);
    expect(out.messages).toEqual([
      { event: 'ready', data: '{}', lastEventId: '1' },
      { event: 'task', data: '{"a":1}', lastEventId: '2' },
    ]);
    expect(out.comments).toEqual(['heartbeat']);
    expect(out.retries).toEqual([3000]);
  });

  it('joins data lines, defaults the event name and keeps the last id across events', () => {
    const out = parse(['id: 7\ndata: one\ndata:two\n\ndata: three\n\n']);
    expect(out.messages).toEqual([
      { event: 'message', data: 'one\ntwo', lastEventId: '7' },
      { event: 'message', data: 'three', lastEventId: '7' },
    ]);
  });

  it('copes with any chunking, \\r\\n and lone \\r line ends', () => {
    const text = 'event: task\r\ndata: x\r\nid: 9\r\n\r\nevent: task\rdata: y\r\r\n';
    const whole = parse([text]).messages;
    const bytewise = parse([...text]).messages;
    expect(whole).toEqual([
      { event: 'task', data: 'x', lastEventId: '9' },
      { event: 'task', data: 'y', lastEventId: '9' },
    ]);
    expect(bytewise).toEqual(whole);
  });

  it('ignores an event without data, an id holding NUL and unknown fields', () => {
    const out = parse(['event: nothing\n\nid: a\0b\nfoo: bar\ndata: d\n\n']);
    expect(out.messages).toEqual([{ event: 'message', data: 'd', lastEventId: '' }]);
  });
});
