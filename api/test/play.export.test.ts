import { ErrorCode } from 'shared-kit';
import { call, signInByPhone, type CookieClient } from './helpers';
import { ADULT, nextPhone, usePlayStory, readStream, type Sent, type Started } from './support/playStories';

/*
 * `GET /api/tyler/play/export` (ours): the caller's play as SillyTavern's chat JSONL (SillyTavern, Agnai and RisuAI
 * import it) or as plain text, streamed from the play's finished lines in order.
 */

interface StHeader {
  user_name: string;
  character_name: string;
  create_date: string;
  chat_metadata: Record<string, unknown>;
}
interface StMessage {
  name: string;
  is_user: boolean;
  is_system: boolean;
  send_date: string;
  mes: string;
  swipes: string[];
  swipe_id: number;
}

const ctx = usePlayStory();

/** The raw file: status, headers and text, with the client's cookies. */
async function download(client: CookieClient | null, query: string) {
  const headers: Record<string, string> = {};
  if (client && client.cookies.size > 0) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${ctx.api.baseUrl}/api/tyler/play/export?${query}`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A play of one turn played through message/send, then `grown` more turns added by the development route. */
async function playedPlay(grown: number): Promise<{ player: CookieClient; playId: string; said: string }> {
  const player = await signInByPhone(ctx.api.baseUrl, nextPhone(), ADULT);
  const started = await player.post<Started>('/api/tyler/story/start_play', { story_id: ctx.storyId, is_new_play: true });
  const playId = started.body.data!.play_info.play_id;
  const said = 'Is the lamp lit tonight?';
  const sent = await player.post<Sent>('/api/tyler/message/send', { play_id: playId, message: said });
  expect(sent.body.status_code).toBe(0);
  const { events } = await readStream(player, `/api/tyler/message/stream_reply?dialogue_id=${sent.body.data!.reply_dialogue_ids[0]}&seq_st=${sent.body.data!.seq_st}`);
  expect(events[events.length - 1]!.event).toBe('done');
  const added = await player.post('/api/dev/play_history', { play_id: playId, turns: grown });
  expect(added.body.status_code).toBe(0);
  return { player, playId, said };
}

describe('exporting a play', () => {
  it('gives the owner SillyTavern’s chat JSONL: the header, then every line in order with its speaker', async () => {
    const { player, playId, said } = await playedPlay(30);
    const res = await download(player, `play_id=${playId}&format=jsonl`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/jsonl');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="The Lighthouse.jsonl"; filename*=UTF-8''The%20Lighthouse.jsonl`);

    const lines = res.text.trimEnd().split('\n');
    const parsed = lines.map((l) => JSON.parse(l) as unknown);
    const header = parsed[0] as StHeader;
    expect(header).toEqual({ user_name: 'Alex', character_name: 'Mira', create_date: expect.stringMatching(/^\d{4}-\d{1,2}-\d{1,2} @\d\dh \d\dm \d\ds \d{3}ms$/), chat_metadata: {} });

    const messages = parsed.slice(1) as StMessage[];
    // The opening, then 31 turns of a player line and a reply.
    expect(messages).toHaveLength(1 + 31 * 2);
    expect(messages[0]).toMatchObject({ name: 'Mira', is_user: false, mes: 'Welcome, traveller.' });
    messages.slice(1).forEach((m, i) => {
      expect(m.is_user).toBe(i % 2 === 0);
      expect(m.name).toBe(m.is_user ? 'Alex' : 'Mira');
      expect(m.is_system).toBe(false);
      expect(m.swipes).toEqual([m.mes]);
      expect(m.swipe_id).toBe(0);
      expect(m.mes.trim()).not.toBe('');
      expect(m.send_date).toMatch(/^\d{4}-\d{1,2}-\d{1,2} @\d\dh \d\dm \d\ds \d{3}ms$/);
    });
    expect(messages[1]!.mes).toBe(said);
    expect(messages[3]!.mes).toContain('(turn 2)');
    expect(messages[messages.length - 1]!.mes).toContain('(reply 31)');
  }, 60_000);

  it('gives plain text: the title on top, then "Name: line" paragraphs', async () => {
    const { player, playId, said } = await playedPlay(3);
    const res = await download(player, `play_id=${playId}&format=txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.headers.get('content-disposition')).toContain('filename="The Lighthouse.txt"');
    const paragraphs = res.text.trimEnd().split('\n\n');
    expect(paragraphs[0]).toBe('The Lighthouse');
    expect(paragraphs[1]).toBe('Mira: Welcome, traveller.');
    expect(paragraphs[2]).toBe(`Alex: ${said}`);
    expect(paragraphs[3]).toMatch(/^Mira: ./);
    expect(paragraphs).toHaveLength(1 + 1 + 4 * 2);
    expect(paragraphs[paragraphs.length - 1]).toMatch(/^Mira: .*\(reply 4\)$/);
  }, 60_000);

  it('refuses another player’s play (1050001), a visitor, and bad parameters (1009 naming the field)', async () => {
    const { playId } = await playedPlay(1);
    const other = await signInByPhone(ctx.api.baseUrl, nextPhone(), ADULT);
    const theirs = await other.call(`/api/tyler/play/export?play_id=${playId}&format=jsonl`);
    expect(theirs.body.status_code).toBe(ErrorCode.RecordNotFound);

    const visitor = await call(ctx.api.baseUrl, `/api/tyler/play/export?play_id=${playId}&format=jsonl`);
    expect(visitor.body.status_code).toBe(ErrorCode.NeedLogin);

    for (const [query, field] of [
      [`play_id=${playId}&format=pdf`, 'format'],
      [`play_id=${playId}`, 'format'],
      ['format=jsonl', 'play_id'],
      ['play_id=abc&format=txt', 'play_id'],
    ] as const) {
      const res = await other.call(`/api/tyler/play/export?${query}`);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  }, 60_000);
});
