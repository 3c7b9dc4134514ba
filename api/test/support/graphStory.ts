import type { StoryCreateInput } from 'shared-kit';
import { storyPayload } from '../editor.support';
import type { CookieClient } from '../helpers';
import { readStream, type Dlg } from './playStories';

type Nodes = NonNullable<StoryCreateInput['nodes']>;

/**
 * A branching story for the play tests: a scene with a rule (trust +1 when the player keeps the promise), a choice
 * (one option guarded by a variable, free text allowed), a variable change, a judge on a variable, a second scene, a
 * judge on named outcomes and two endings.
 */
export function graphStoryPayload(): StoryCreateInput {
  const { nodes: line, ...rest } = storyPayload();
  const scene = line![0]!;
  const nodes: Nodes = [
    { ...scene, node_type: 'NormalContent', rules: [{ rule_id: 'r1', variable: 'trust', op: 'add', value: 1, when: 'the player keeps the promise' }] },
    { node_id: 'c1', node_type: 'ChoiceContent', name: 'Door', content: 'A locked door.', free_text: true,
      options: [
        { option_id: 'o1', text: 'Knock on the door' },
        { option_id: 'o2', text: 'Use the key', condition: { variable: 'has_key', op: 'eq', value: true } },
        { option_id: 'o3', text: 'Climb the tower' },
      ] },
    { node_id: 'v1', node_type: 'VariableAssignment', assignments: [{ variable: 'trust', op: 'add', value: 5 }, { variable: 'has_key', op: 'set', value: true }] },
    { node_id: 'j1', node_type: 'JudgeContent', judge_mode: 'variables', routes: [{ route_id: 'high', condition: { variable: 'trust', op: 'ge', value: 3 } }] },
    { ...line![1]!, node_type: 'NormalContent', end_visible: true },
    { node_id: 'j2', node_type: 'JudgeContent', judge_mode: 'outcomes',
      routes: [{ route_id: 'brave', outcome: 'the player faced the storm bravely' }, { route_id: 'fled', outcome: 'the player hides in the cellar' }] },
    { node_id: 's1', node_type: 'Success', name: 'Trusted', content: 'The keeper trusts you.' },
    { node_id: 'f1', node_type: 'Fail', name: 'Sent away', content: 'You are sent away.' },
  ];
  return {
    ...rest,
    nodes,
    variables: [
      { name: 'trust', kind: 'Integer', initial: 0, min: 0, max: 3, visible: true, label: 'Trust' },
      { name: 'has_key', kind: 'Bool', initial: false, visible: false },
    ],
    edges: [
      { edge_id: 'e1', source: 'n1', target: 'c1', handle: 'next' },
      { edge_id: 'e2', source: 'c1', target: 'v1', handle: 'o1' },
      { edge_id: 'e3', source: 'c1', target: 'j1', handle: 'o2' },
      { edge_id: 'e4', source: 'c1', target: 'n2', handle: 'o3' },
      { edge_id: 'e5', source: 'v1', target: 'j1', handle: 'next' },
      { edge_id: 'e6', source: 'j1', target: 's1', handle: 'high' },
      { edge_id: 'e7', source: 'j1', target: 'n2', handle: 'otherwise' },
      { edge_id: 'e8', source: 'n2', target: 'j2', handle: 'next' },
      { edge_id: 'e9', source: 'j2', target: 's1', handle: 'brave' },
      { edge_id: 'e10', source: 'j2', target: 'f1', handle: 'fled' },
    ],
  };
}

export interface GraphInfo {
  node: { node_id: string; node_type: string; title: string } | null;
  variables: Array<{ name: string; label: string; kind: string; value: unknown }>;
  choices: Array<{ option_id: string; text: string }>;
  free_text: boolean;
  endings_count: number;
}

export interface GraphPlayInfo {
  play_id: string;
  status: string;
  node_id: string;
  chapter_index: number;
  ending: { type: string; content: string } | null;
  graph: GraphInfo;
}

export interface GraphSent {
  reply_dialogue_ids: string[];
  seq_st: number;
  seq_ed: number;
  input_dialogue: Dlg & { option_id?: string };
}

/** `play_info` of a play. */
export async function graphInfoOf(client: CookieClient, playId: string): Promise<GraphPlayInfo> {
  const res = await client.call<GraphPlayInfo>(`/api/tyler/play_info?play_id=${playId}`);
  expect(res.body.status_code).toBe(0);
  return res.body.data!;
}

/** Sends `body` (a message or a choice), expects it taken, and reads its reply's stream to the end when it has one. */
export async function graphTurn(client: CookieClient, playId: string, body: Record<string, unknown>): Promise<GraphSent> {
  const sent = await client.post<GraphSent>('/api/tyler/message/send', { play_id: playId, ...body });
  expect(sent.body).toMatchObject({ status_code: 0 });
  const data = sent.body.data!;
  const reply = data.reply_dialogue_ids[0];
  if (reply) await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${reply}&seq_st=${data.seq_st}`);
  return data;
}

/** The player's words that meet the first scene's objective and keep its rule's promise (the offline director). */
export const KEEP_PROMISE = 'I keep the promise I made and I find the keeper.';
