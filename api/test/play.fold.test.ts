import { DialogueType } from 'shared-kit';
import { signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, nextPhone, publishStory, readStream, type Dlg } from './support/playStories';

let api: TestApi;
beforeAll(async () => {
  // A small context window, so a few turns already overflow it.
  api = await startTestApi({
    env: {
      SMS_IP_SENDS_PER_HOUR: '1000',
      REVIEW_POLL_MS: '20',
      OFFLINE_TOKEN_DELAY_MS: '0',
      LLM_CONTEXT_TOKENS: '700',
      LLM_REPLY_TOKENS: '100',
    },
  });
}, 30_000);
afterAll(async () => {
  await api.stop();
});

it('folds older turns into Summary dialogues and backtrack restores the summary before them', async () => {
  // One long chapter whose objective is never done, so the play stays in it for every turn.
  const { storyId } = await publishStory(api.baseUrl, {
    nodes: [
      {
        node_id: 'n1',
        node_type: 'Simple',
        name: 'Vigil',
        content:
          'The storm howls around the tower while the lamp burns. Waves climb the rocks. Gulls shelter in the eaves.',
        ending_content: 'Discover the cartographer.',
        end_visible: true,
        background_url: '',
        bgm_info: null,
        image_generate_style: null,
      },
    ],
  });
  const p = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  const playId = (
    await p.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId })
  ).body.data!.play_info.play_id;
  // Enough turns of player lines and replies to pass half of the small prompt's room.
  for (let i = 0; i < 8; i += 1) {
    const sent = await p.post<{ reply_dialogue_ids: string[] }>('/api/tyler/message/send', {
      play_id: playId,
      message: `Turn ${i}: I keep watch over the stormy water and tell long tales of ships and sailors.`,
    });
    expect(sent.body.status_code).toBe(0);
    await readStream(
      p,
      `/api/tyler/message/stream_reply?dialogue_id=${sent.body.data!.reply_dialogue_ids[0]}`,
    );
  }
  const list = (await p.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}&count=200`))
    .body.data!.dialogues;
  const summaries = list.filter((d) => d.type === DialogueType.Summary);
  expect(summaries.length).toBeGreaterThan(0);
  const first = summaries[0]!;
  expect(first.covers_upto_seq).toBeGreaterThan(0);
  expect(first.covers_upto_seq).toBeLessThan(first.seq);
  expect(first.content).toContain('Turn 0');

  // Back to just before the first summary: it is gone, and play goes on.
  const before = list.find((d) => d.seq === first.seq - 1)!;
  const anchor = (
    await p.call<{ dialogues: Array<{ dialogue_id: string; seq: number }> }>(
      `/api/tyler/dialogue_list?play_id=${playId}&seq_st=${before.seq}&count=1`,
    )
  ).body.data!.dialogues[0]!;
  const back = await p.post('/api/tyler/story/backtrack', {
    play_id: playId,
    dialogue_id: anchor.dialogue_id,
  });
  expect(back.body.status_code).toBe(0);
  const after = (await p.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}&count=200`))
    .body.data!.dialogues;
  expect(after.some((d) => d.type === DialogueType.Summary)).toBe(false);
}, 60_000);
