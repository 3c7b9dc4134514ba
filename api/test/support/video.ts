import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DialogueStatus, DialogueType, PlayStatus } from 'shared-kit';
import type { VideoTask } from 'shared-kit/schemas';
import { Dialogue } from '../../src/modules/play/dialogue.model';
import { Play } from '../../src/modules/play/play.model';
import type { CookieClient } from '../helpers';

const run = promisify(execFile);

/** A story whose chapters have built-in backgrounds and music and whose characters have portraits and voices. */
export const VIDEO_STORY = {
  story_name: 'The Lighthouse',
  loading_background: '/api/editor/art/lighthouse_in_a_storm.png',
  characters: [
    { character_id: 'c1', character_name: 'Mira', settings: 'The keeper of the lighthouse.', style: 'Speaks softly.', character_url: '/api/editor/art/portrait_lighthouse_keeper_mira.png', dubbing_show: { dubbing: 'en_female_calm', language: 'en' }, type: 'NPC' as const },
    { character_id: 'c2', character_name: 'Tom', settings: 'A sailor.', style: '', character_url: '/api/editor/art/portrait_young_fisherman_tom.png', dubbing_show: { dubbing: 'en_male_deep', language: 'en' }, type: 'NPC' as const },
  ],
};

const SAYINGS = [
  'The lamp has not gone out in forty years.',
  'Then who lit it tonight?',
  'Nobody climbs those stairs but me.',
  'I saw a light in the window above the rocks.',
  'The storm will reach the harbour before midnight.',
  '我们得在天亮之前回到岸边。',
];

/**
 * Adds `turns` turns to a play (the player's line, a character's answer, now and then the narrator), half in each
 * chapter, and ends it. Returns the ids of the lines added, in order.
 */
export async function seedTurns(playId: string, turns: number, end = true): Promise<string[]> {
  const play = await Play.findOne({ play_id: playId }).lean<{ next_seq: number }>();
  let seq = play!.next_seq;
  const rows: Array<Record<string, unknown>> = [];
  for (let t = 0; t < turns; t += 1) {
    const node = t < turns / 2 ? 'n1' : 'n2';
    const group = `${playId}-t${t}`;
    const add = (role: string, type: string, character_id: string, content: string) => {
      seq += 1;
      rows.push({ dialogue_id: `${playId}${String(seq).padStart(4, '0')}`, play_id: playId, seq, type, role, character_id, content, group_id: group, node_id: node, status: DialogueStatus.Normal, done: true });
    };
    add('player', DialogueType.Input, '', SAYINGS[(t + 1) % SAYINGS.length]!);
    add('npc', DialogueType.NpcDialogue, t % 2 === 0 ? 'c1' : 'c2', SAYINGS[t % SAYINGS.length]!);
    if (t % 4 === 3) add('narrator', DialogueType.Narration, '', 'Rain hammers the glass.');
  }
  await Dialogue.insertMany(rows);
  await Play.updateOne(
    { play_id: playId },
    { $set: { next_seq: seq, ...(end ? { status: PlayStatus.Ending, ending: { type: 'HappyEnding', content: 'The lamp burns on.', reason: '', at: new Date() } } : {}) } },
  );
  return rows.map((r) => r.dialogue_id as string);
}

export async function startPlay(client: CookieClient, storyId: string): Promise<string> {
  const started = await client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId });
  if (started.body.status_code !== 0) throw new Error(`start_play: ${JSON.stringify(started.body)}`);
  return started.body.data!.play_info.play_id;
}

/** Polls the task until it is no longer waiting or rendering. */
export async function finished(client: CookieClient, taskId: string, timeoutMs = 120_000): Promise<VideoTask> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.call<{ task: VideoTask }>(`/api/share/story/video_task?task_id=${taskId}`);
    const task = res.body.data?.task;
    if (task && task.status !== 'Waiting' && task.status !== 'Rendering') return task;
    if (Date.now() > deadline) throw new Error(`video task ${taskId} did not finish: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Probe {
  format: { duration: string; size: string; format_name: string };
  streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; duration?: string }>;
}

/** ffprobe's reading of a file's bytes. */
export async function probe(bytes: Uint8Array): Promise<Probe> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'probe-'));
  try {
    const file = path.join(dir, 'video.mp4');
    await writeFile(file, bytes);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]);
    return JSON.parse(stdout) as Probe;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
