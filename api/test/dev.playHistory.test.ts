import { ErrorCode } from 'shared-kit';
import { call, postJson, signInByPhone } from './helpers';
import { ADULT, nextPhone, usePlayStory, readStream, type Dlg, type Sent, type Started } from './support/playStories';

/*
 * `POST /api/dev/play_history` (outside production only): grows one's own play by many finished turns at once, for
 * benchmarks and browser tests of long plays. The play then pages, and plays on, as a played one does.
 */

interface Page {
  dialogues: Dlg[];
  has_more_before: boolean;
  last_seq: number;
}

const ctx = usePlayStory();

describe('the development play history', () => {
  it('adds finished turns to the caller’s own play, which then pages back and takes the next turn', async () => {
    const player = await signInByPhone(ctx.api.baseUrl, nextPhone(), ADULT);
    const started = await player.post<Started>('/api/tyler/story/start_play', { story_id: ctx.storyId, is_new_play: true });
    const playId = started.body.data!.play_info.play_id;
    const opening = started.body.data!.dialogues.length;

    const grown = await player.post<{ last_seq: number; turns: number }>('/api/dev/play_history', { play_id: playId, turns: 300 });
    expect(grown.body.status_code).toBe(0);
    expect(grown.body.data!.turns).toBe(300);

    const newest = await player.call<Page>(`/api/tyler/dialogue_list?play_id=${playId}`);
    expect(newest.body.status_code).toBe(0);
    expect(newest.body.data!.has_more_before).toBe(true);
    expect(newest.body.data!.last_seq).toBe(grown.body.data!.last_seq);
    const rows = newest.body.data!.dialogues;
    expect(rows.every((d) => d.done)).toBe(true);
    expect(rows.filter((d) => d.type === 'Input')).toHaveLength(rows.length / 2);
    expect(rows[rows.length - 1]!.content).toContain('(reply 300)');

    // Page back to the start: every turn is there once, in order, after the opening.
    const seen: Dlg[] = [...rows];
    let before = rows[0]!.seq;
    for (let more = true; more; ) {
      const page = await player.call<Page>(`/api/tyler/dialogue_list?play_id=${playId}&seq_ed=${before}&count=50`);
      expect(page.body.status_code).toBe(0);
      seen.unshift(...page.body.data!.dialogues);
      more = page.body.data!.has_more_before;
      before = page.body.data!.dialogues[0]!.seq;
    }
    expect(seen).toHaveLength(opening + 600);
    expect(seen.map((d) => d.seq)).toEqual([...seen.map((d) => d.seq)].sort((a, b) => a - b));

    // The play goes on: the next turn follows the grown history.
    const sent = await player.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'And now?' });
    expect(sent.body.status_code).toBe(0);
    expect(sent.body.data!.input_dialogue.seq).toBe(grown.body.data!.last_seq + 1);
    const { events } = await readStream(player, `/api/tyler/message/stream_reply?dialogue_id=${sent.body.data!.reply_dialogue_ids[0]}&seq_st=${sent.body.data!.seq_st}`);
    expect(events[events.length - 1]!.event).toBe('done');
  }, 60_000);

  it('refuses another player’s play, a visitor and bad input', async () => {
    const owner = await signInByPhone(ctx.api.baseUrl, nextPhone(), ADULT);
    const started = await owner.post<Started>('/api/tyler/story/start_play', { story_id: ctx.storyId, is_new_play: true });
    const playId = started.body.data!.play_info.play_id;

    const other = await signInByPhone(ctx.api.baseUrl, nextPhone(), ADULT);
    const theirs = await other.post('/api/dev/play_history', { play_id: playId, turns: 5 });
    expect(theirs.body.status_code).toBe(ErrorCode.RecordNotFound);

    const visitor = await call(ctx.api.baseUrl, '/api/dev/play_history', postJson({ play_id: playId, turns: 5 }));
    expect(visitor.body.status_code).toBe(ErrorCode.NeedLogin);

    for (const bad of [{ play_id: playId, turns: 0 }, { play_id: playId, turns: 5001 }, { play_id: 'x', turns: 5 }, { turns: 5 }]) {
      const res = await owner.post('/api/dev/play_history', bad);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    }
    const list = await owner.call<Page>(`/api/tyler/dialogue_list?play_id=${playId}`);
    expect(list.body.data!.dialogues).toHaveLength(started.body.data!.dialogues.length);
  }, 60_000);
});
