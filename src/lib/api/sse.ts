/**
 * A Server-Sent Events parser after the HTML standard's rules (fields `event`, `data`, `id`,
 * `retry`; `:` comments; a blank line dispatches), fed text as it arrives. Framework-free: the
 * browser's EventSource cannot send the Authorization header, so the panel and the CLI read
 * streams with fetch and parse them here (LIBRARIES 14).
 */
export interface SseMessage {
  event: string;
  data: string;
  /** The last event id seen so far, what a reconnect sends as Last-Event-ID. */
  lastEventId: string;
}

export interface SseHandlers {
  onMessage(message: SseMessage): void;
  /** A `:` line; servers send them as heartbeats. */
  onComment?(text: string): void;
  /** The server's `retry` advice, in milliseconds. */
  onRetry?(ms: number): void;
}

export function createSseParser(handlers: SseHandlers) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastEventId = '';

  const line = (text: string) => {
    if (text === '') {
      if (data.length) handlers.onMessage({ event: event || 'message', data: data.join('\n'), lastEventId });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) {
      handlers.onComment?.(text.slice(1).trim());
      return;
    }
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.onRetry?.(Number(value));
  };

  return {
    /** Parses what arrived; a line cut by the chunk's end waits for the rest. */
    feed(chunk: string) {
      buffer += chunk;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        // A lone \r at the end may be the first half of \r\n.
        if (end < 0 || (end === buffer.length - 1 && buffer[end] === '\r')) return;
        const breakLength = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + breakLength);
      }
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
