/** One server-sent event: its `event:` name (default `message`), its joined `data:` lines and its `id:`. */
export interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * An incremental parser of the `text/event-stream` format: feed it chunks as they arrive (split anywhere, even
 * inside a line or a CRLF) and it calls `onEvent` for each complete event. Comments (`:`) are keep-alives.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): { push: (chunk: string) => void; end: () => void } {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;

  function dispatch(): void {
    if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n'), id });
    event = '';
    data = [];
  }

  function line(text: string): void {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }

  return {
    push(chunk) {
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A lone CR at the very end may be the first half of a CRLF still in flight.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    end() {
      if (buffer !== '') line(buffer);
      buffer = '';
      dispatch();
    },
  };
}
