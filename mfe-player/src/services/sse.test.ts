import { createSseParser, type SseEvent } from './sse';

describe('server-sent events parser', () => {
  it('emits events split across chunks anywhere, including inside CRLF', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((e) => events.push(e));
    const text = 'id: 4:3\r\nevent: delta\r\ndata: {"text":"The"}\r\n\r\n: keep-alive\r\n\r\nevent: done\r\ndata: {}\r\n\r\n';
    for (const ch of text) parser.push(ch);
    parser.end();
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"The"}', id: '4:3' },
      { event: 'done', data: '{}', id: '4:3' },
    ]);
  });

  it('joins multi-line data and defaults the event name', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((e) => events.push(e));
    parser.push('data: a\ndata: b\n\n');
    parser.push('data:c');
    parser.end();
    expect(events).toEqual([
      { event: 'message', data: 'a\nb', id: null },
      { event: 'message', data: 'c', id: null },
    ]);
  });
});
