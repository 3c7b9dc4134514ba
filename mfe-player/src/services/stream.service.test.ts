/**
 * @jest-environment node
 */
import { ErrorCode } from 'shared-kit';
import { fetchStream, type StreamEvent } from './stream.service';

/** A `fetch` answering with these chunks as a server-sent event stream, and the URLs it was asked for. */
function fakeFetch(chunks: string[], init: { status?: number; type?: string } = {}): string[] {
  const urls: string[] = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    urls.push(String(url));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { status: init.status ?? 200, headers: { 'content-type': init.type ?? 'text/event-stream; charset=utf-8' } });
  }) as typeof fetch;
  return urls;
}

describe('reply stream transport', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('asks for a standby stream by play and reads its keep-alives and `idle`', async () => {
    const urls = fakeFetch([': keep-alive\n\n', 'event: idle\ndata: {"play_id":"900","seq_st":3}\n\n']);
    const events: StreamEvent[] = [];
    await fetchStream({ playId: '900', seqSt: 3, offset: 0, standby: true }, (e) => events.push(e), new AbortController().signal);
    const query = new URL(urls[0]!, 'http://localhost').searchParams;
    expect(query.get('play_id')).toBe('900');
    expect(query.get('seq_st')).toBe('3');
    expect(query.get('standby')).toBe('1');
    expect(events).toEqual([{ type: 'idle' }]);
  });

  it('follows a reply by id without the standby flag, and turns a refusal envelope into an api error', async () => {
    const urls = fakeFetch(['event: delta\ndata: {"dialogue_id":"d4","seq":4,"offset":0,"text":"Hi"}\n\n', 'event: done\ndata: {}\n\n']);
    const events: StreamEvent[] = [];
    await fetchStream({ dialogueId: 'd4', seqSt: 4, offset: 0, standby: true }, (e) => events.push(e), new AbortController().signal);
    const query = new URL(urls[0]!, 'http://localhost').searchParams;
    expect(query.get('dialogue_id')).toBe('d4');
    expect(query.has('standby')).toBe(false);
    expect(events.map((e) => e.type)).toEqual(['delta', 'done']);

    fakeFetch([JSON.stringify({ status_code: ErrorCode.RecordNotFound, status_message: 'No such play' })], { type: 'application/json' });
    await expect(fetchStream({ playId: '901', seqSt: 3, offset: 0, standby: true }, () => undefined, new AbortController().signal)).rejects.toMatchObject({
      code: ErrorCode.RecordNotFound,
    });
  });
});
