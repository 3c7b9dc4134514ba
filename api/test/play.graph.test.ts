import { DialogueType, ErrorCode, PlayStatus } from 'shared-kit';
import { ADULT, save, storyPayload } from './editor.support';
import { call, signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { dialoguesOf, nextPhone, publishStory, type Dlg, type Started } from './support/playStories';
import { graphInfoOf, graphStoryPayload, graphTurn, KEEP_PROMISE } from './support/graphStory';

/*
 * A branching story played offline over HTTP: scenes, the director's rule, a choice by id and by free text, a judge
 * on a variable, a judge on named outcomes, both endings, rewind across a choice and a variable change, restart,
 * the endings found, and a draft whose map changed under its play.
 */

let api: TestApi;
let storyId: string;
let creator: CookieClient;

beforeAll(async () => {
  api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '0' } });
  ({ storyId, creator } = await publishStory(api.baseUrl, graphStoryPayload()));
}, 60_000);
afterAll(async () => {
  await api.stop();
});

type Row = Dlg & { option_id?: string; options?: Array<{ option_id: string; text: string }> };

async function startNew(client: CookieClient): Promise<Started> {
  const res = await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId, is_new_play: true });
  expect(res.body.status_code).toBe(0);
  return res.body.data!;
}

describe('play follows the graph (offline)', () => {
  let player: CookieClient;
  let playA: string;

  beforeAll(async () => {
    player = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  });

  it('starts at the first scene with the initial variables; only visible ones are shown', async () => {
    const started = await startNew(player);
    playA = started.play_info.play_id;
    const info = await graphInfoOf(player, playA);
    expect(info.graph).toEqual({
      node: { node_id: 'n1', node_type: 'NormalContent', title: 'Arrival' },
      variables: [{ name: 'trust', label: 'Trust', kind: 'Integer', value: 0 }],
      choices: [],
      free_text: true,
      endings_count: 2,
    });
    expect(started.dialogues.map((d) => d.type)).toEqual([DialogueType.OpeningRemark, DialogueType.ChapterTarget]);
  });

  it('a met objective follows the scene\'s way to the choice; the rule moved trust; the guarded option is not offered', async () => {
    const sent = await graphTurn(player, playA, { message: KEEP_PROMISE });
    expect(sent.reply_dialogue_ids).toHaveLength(1);
    const info = await graphInfoOf(player, playA);
    expect(info.node_id).toBe('c1');
    expect(info.graph.node).toEqual({ node_id: 'c1', node_type: 'ChoiceContent', title: 'Door' });
    expect(info.graph.variables).toEqual([{ name: 'trust', label: 'Trust', kind: 'Integer', value: 1 }]);
    expect(info.graph.choices).toEqual([
      { option_id: 'o1', text: 'Knock on the door' },
      { option_id: 'o3', text: 'Climb the tower' },
    ]);
    const rows = await dialoguesOf<Row>(player, playA);
    const options = rows.filter((d) => d.type === DialogueType.Option);
    expect(options.map((d) => [d.option_id, d.content])).toEqual([['o1', 'Knock on the door'], ['o3', 'Climb the tower']]);
  });

  it('an option id not on offer is 1009 naming option_contents, and nothing is written', async () => {
    const before = await dialoguesOf(player, playA);
    for (const id of ['o2', 'nope']) {
      const res = await player.post('/api/tyler/message/send', { play_id: playA, message: id, option_contents: [id] });
      expect(res.body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'option_contents' }] } });
    }
    // Typed text that means no option is refused the same way (on `message`).
    const typed = await player.post('/api/tyler/message/send', { play_id: playA, message: 'I sing a song about fish' });
    expect(typed.body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'message' }] } });
    expect(await dialoguesOf(player, playA)).toEqual(before);
    expect((await graphInfoOf(player, playA)).graph.variables[0]!.value).toBe(1);
  });

  it('a choice by id walks the variable change (clamped to its bounds) and the judge on it to the Success ending', async () => {
    const sent = await graphTurn(player, playA, { message: 'o1', option_contents: ['o1'] });
    expect(sent.reply_dialogue_ids).toEqual([]);
    expect(sent.input_dialogue).toMatchObject({ type: DialogueType.Input, content: 'Knock on the door', option_id: 'o1' });
    const info = await graphInfoOf(player, playA);
    expect(info.status).toBe(PlayStatus.Ending);
    expect(info.ending).toEqual({ type: DialogueType.HappyEnding, content: 'The keeper trusts you.' });
    // 1 + 5, kept within 0..3.
    expect(info.graph.variables[0]!.value).toBe(3);
    const rows = await dialoguesOf(player, playA);
    expect(rows[rows.length - 1]).toMatchObject({ type: DialogueType.HappyEnding, content: 'The keeper trusts you.' });
    const ending = await player.call<{ ending_type: string; endings_count: number; ending_node_id: string }>(`/api/tyler/play_ending_info?play_id=${playA}`);
    expect(ending.body.data).toMatchObject({ ending_type: DialogueType.HappyEnding, endings_count: 2, ending_node_id: 's1' });
  });

  it('rewind across the choice and the variable change restores the node and the variables exactly', async () => {
    const rows = await dialoguesOf<Row>(player, playA);
    const lastOption = rows.filter((d) => d.type === DialogueType.Option).pop()!;
    const back = await player.post('/api/tyler/story/backtrack', { play_id: playA, dialogue_id: lastOption.dialogue_id });
    expect(back.body.status_code).toBe(0);
    const info = await graphInfoOf(player, playA);
    expect(info).toMatchObject({ node_id: 'c1', status: PlayStatus.Playing, ending: null });
    expect(info.graph.variables[0]!.value).toBe(1);
    // has_key is back to false: the guarded option stays hidden.
    expect(info.graph.choices.map((c) => c.option_id)).toEqual(['o1', 'o3']);
    // Rewound to before the scene's last reply: trust goes back to before the rule.
    const firstInput = rows.find((d) => d.type === DialogueType.Input)!;
    const earlier = await player.post('/api/tyler/story/backtrack', { play_id: playA, dialogue_id: firstInput.dialogue_id });
    expect(earlier.body.status_code).toBe(0);
    const atScene = await graphInfoOf(player, playA);
    expect(atScene).toMatchObject({ node_id: 'n1' });
    expect(atScene.graph.variables[0]!.value).toBe(0);
    expect(atScene.graph.choices).toEqual([]);
  });

  it('free text is judged against the options: a move to the next scene, then a judge on outcomes to the Fail ending', async () => {
    await graphTurn(player, playA, { message: KEEP_PROMISE });
    const sent = await graphTurn(player, playA, { message: 'I climb up the old tower' });
    expect(sent.input_dialogue).toMatchObject({ content: 'I climb up the old tower', option_id: 'o3' });
    expect(sent.reply_dialogue_ids).toHaveLength(1);
    const info = await graphInfoOf(player, playA);
    expect(info.graph.node).toEqual({ node_id: 'n2', node_type: 'NormalContent', title: 'Storm' });
    const rows = await dialoguesOf<Row>(player, playA);
    // The scene's first speaker is the same character as before: no SwitchNpc.
    const moved = rows.filter((d) => d.seq > sent.input_dialogue.seq).map((d) => d.type);
    expect(moved).toEqual([DialogueType.SwitchChapter, DialogueType.ChapterTarget, DialogueType.NpcDialogue]);
    await graphTurn(player, playA, { message: 'I hide in the cellar and I survive the night.' });
    const end = await graphInfoOf(player, playA);
    expect(end.ending).toEqual({ type: DialogueType.BadEnding, content: 'You are sent away.' });
    const sendAfter = await player.post('/api/tyler/message/send', { play_id: playA, message: 'hello' });
    expect(sendAfter.body.status_code).toBe(ErrorCode.BusinessError);
  });

  it('restart begins at the start with the initial variables; the endings found across plays and the map of a play', async () => {
    const restarted = await player.post<Started>('/api/tyler/story/restart_play', { play_id: playA });
    expect(restarted.body.status_code).toBe(0);
    const playB = restarted.body.data!.play_info.play_id;
    const fresh = await graphInfoOf(player, playB);
    expect(fresh).toMatchObject({ node_id: 'n1', status: PlayStatus.Start });
    expect(fresh.graph.variables[0]!.value).toBe(0);
    await graphTurn(player, playB, { message: KEEP_PROMISE });
    await graphTurn(player, playB, { message: 'o1', option_contents: ['o1'] });

    type Found = { endings_count: number; found: Array<{ node_id: string; type: string }>; map: { nodes: Array<{ node_id: string; title: string; reached: boolean; node_type: string | null }> } | null };
    const found = await player.call<Found>(`/api/tyler/story/endings?story_id=${storyId}&play_id=${playB}`);
    expect(found.body.status_code).toBe(0);
    expect(found.body.data!.endings_count).toBe(2);
    expect(found.body.data!.found.map((f) => f.node_id).sort()).toEqual(['f1', 's1']);
    const map = found.body.data!.map!.nodes;
    const byId = Object.fromEntries(map.map((n) => [n.node_id, n]));
    expect(byId.n1).toMatchObject({ reached: true, title: 'Arrival' });
    expect(byId.v1).toMatchObject({ reached: true, node_type: 'VariableAssignment' });
    expect(byId.s1).toMatchObject({ reached: true, title: 'Trusted' });
    // Not passed in this play: not named.
    expect(byId.n2).toEqual({ node_id: 'n2', node_type: null, title: '', reached: false });
    expect(byId.f1).toEqual({ node_id: 'f1', node_type: null, title: '', reached: false });

    // Owner-only: another player sees none of these plays, and a play of someone else is 1050001.
    const other = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const theirs = await other.call<Found>(`/api/tyler/story/endings?story_id=${storyId}`);
    expect(theirs.body).toMatchObject({ status_code: 0, data: { endings_count: 0, found: [] } });
    const peek = await other.call(`/api/tyler/story/endings?story_id=${storyId}&play_id=${playB}`);
    expect(peek.body.status_code).toBe(ErrorCode.RecordNotFound);
    const anonymous = await call(api.baseUrl, `/api/tyler/story/endings?story_id=${storyId}`);
    expect(anonymous.body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('an ending the play is rewound away from stays found; the play goes on from the choice', async () => {
    const someone = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const playId = (await startNew(someone)).play_info.play_id;
    await graphTurn(someone, playId, { message: KEEP_PROMISE });
    await graphTurn(someone, playId, { message: 'o1', option_contents: ['o1'] });
    const rows = await dialoguesOf<Row>(someone, playId);
    const option = rows.filter((d) => d.type === DialogueType.Option).pop()!;
    for (let i = 0; i < 2; i += 1) expect((await someone.post('/api/tyler/story/backtrack', { play_id: playId, dialogue_id: option.dialogue_id })).body.status_code).toBe(0);
    expect(await graphInfoOf(someone, playId)).toMatchObject({ node_id: 'c1', status: PlayStatus.Playing, ending: null });
    type Found = { endings_count: number; found: Array<{ node_id: string; type: string; content: string }> };
    const found = await someone.call<Found>(`/api/tyler/story/endings?story_id=${storyId}`);
    expect(found.body.data).toMatchObject({ endings_count: 2, found: [{ node_id: 's1', type: DialogueType.HappyEnding, content: 'The keeper trusts you.' }] });
    // The other ending, reached in the same play, joins it once.
    await graphTurn(someone, playId, { message: 'o3', option_contents: ['o3'] });
    await graphTurn(someone, playId, { message: 'I hide in the cellar and I survive the night.' });
    const both = await someone.call<Found>(`/api/tyler/story/endings?story_id=${storyId}&play_id=${playId}`);
    expect(both.body.data!.found.map((f) => f.node_id).sort()).toEqual(['f1', 's1']);
  });

  it('a draft play whose story map changed under it asks to restart (1004, sync); restart plays the new map', async () => {
    const draft = await save(creator, { ...graphStoryPayload(), publish_type: 'Draft' });
    expect(draft.body.status_code).toBe(0);
    const { story_id: draftId, version_id } = draft.body.data!;
    const started = await creator.post<Started>('/api/tyler/story/start_play_draft', { story_id: draftId, is_new_play: true });
    expect(started.body.status_code).toBe(0);
    const playId = started.body.data!.play_info.play_id;
    const changed = graphStoryPayload();
    changed.edges = changed.edges!.map((e) => (e.edge_id === 'e2' ? { ...e, target: 'j1' } : e));
    expect((await save(creator, { ...changed, publish_type: 'Draft', story_id: draftId, version: { version_id } })).body.status_code).toBe(0);
    const before = await dialoguesOf(creator, playId);
    const refused = await creator.post('/api/tyler/message/send', { play_id: playId, message: KEEP_PROMISE });
    expect(refused.body).toMatchObject({ status_code: ErrorCode.InvalidVersion, data: { reason: 'sync' } });
    expect(await dialoguesOf(creator, playId)).toEqual(before);
    const again = await creator.post<Started>('/api/tyler/story/restart_play', { play_id: playId });
    expect(again.body.status_code).toBe(0);
    await graphTurn(creator, again.body.data!.play_info.play_id, { message: KEEP_PROMISE });
  });
  it('a line-of-chapters draft turned into a graph under its play asks to restart too (1004, sync); an edit of its chapters does not', async () => {
    const draft = await save(creator, { ...storyPayload(), publish_type: 'Draft' });
    expect(draft.body.status_code).toBe(0);
    const { story_id: draftId } = draft.body.data!;
    const started = await creator.post<Started>('/api/tyler/story/start_play_draft', { story_id: draftId, is_new_play: true });
    expect(started.body.status_code).toBe(0);
    const playId = started.body.data!.play_info.play_id;
    const line = storyPayload();
    line.nodes![0]!.content = `${line.nodes![0]!.content} The rain has stopped.`;
    const edited = await save(creator, { ...line, publish_type: 'Draft', story_id: draftId, version: { version_id: draft.body.data!.version_id } });
    expect(edited.body.status_code).toBe(0);
    // The draft's chapters changed, not its kind: the play goes on.
    await graphTurn(creator, playId, { message: 'Hello there' });
    const before = await dialoguesOf(creator, playId);
    const graph = await save(creator, { ...graphStoryPayload(), publish_type: 'Draft', story_id: draftId, version: { version_id: edited.body.data!.version_id } });
    expect(graph.body.status_code).toBe(0);
    const refused = await creator.post('/api/tyler/message/send', { play_id: playId, message: KEEP_PROMISE });
    expect(refused.body).toMatchObject({ status_code: ErrorCode.InvalidVersion, data: { reason: 'sync' } });
    expect(await dialoguesOf(creator, playId)).toEqual(before);
    const again = await creator.post<Started>('/api/tyler/story/restart_play', { play_id: playId });
    expect(again.body.status_code).toBe(0);
    expect((await graphInfoOf(creator, again.body.data!.play_info.play_id)).graph.node).toMatchObject({ node_id: 'n1' });
  });
});
