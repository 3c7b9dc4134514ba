/**
 * Renders a play's lines as a vertical video: each line's speech in its speaker's voice (the product's speech
 * engine), its caption shown for the time it is spoken over the chapter's background and the speaker's portrait, the
 * chapter's music under it; ffmpeg encodes the frames and the sound as H.264 and AAC in an MP4.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VOICE_OVER_SPEAKER, type StoryContent } from 'shared-kit';
import { VIDEO_FORMAT } from 'shared-kit/schemas';
import type { DialogueFields, PlayableStory } from '../play';
import { DEFAULT_VOICE, offlineClip, speechAudio } from '../voice';
import { decodeWav, decodeWithFfmpeg, encodeWav, lay, layLoop, SAMPLE_RATE, track } from './video.audio';
import { runFfmpeg, type FfmpegRun } from './video.ffmpeg';
import { backdrop, frame, pages, pictureBytes, portraitDisc, titleFrame, type SpeakerKind } from './video.slides';

/** Seconds: the title card, a chapter's card, the pause before and after each line, a silent line's reading time. */
const TITLE_S = 2;
const CHAPTER_S = 1.5;
const LEAD_S = 0.25;
const TAIL_S = 0.35;
const MUSIC_GAIN = 0.12;
const FPS = 15;

export interface RenderInput {
  uid: string;
  story: PlayableStory;
  /** The lines, in play order. */
  lines: DialogueFields[];
  ffmpeg: string;
  /** A folder of the render's own (its frames, its sound and the file). */
  dir: string;
  signal: AbortSignal;
  /** 0..100 as the render moves on. */
  progress: (percent: number) => void;
}

export interface RenderResult {
  file: string;
  duration_ms: number;
  ffmpeg: FfmpegRun;
  /** Time spent per step (ms): speech, frames, encoding; and this process's resident memory after each (MB). */
  steps: { speech: number; frames: number; encode: number; rss_mb: number[] };
}

interface Speaker {
  kind: SpeakerKind;
  name: string;
  voice: string | null;
  picture: string;
}

function speakerOf(d: DialogueFields, c: StoryContent): Speaker {
  if (d.role === 'player') return { kind: 'player', name: c.player.character_name, voice: null, picture: '' };
  const narrator = c.voice_over_dubbing?.dubbing || DEFAULT_VOICE;
  if (d.role === 'narrator' || d.character_id === '' || d.character_id === VOICE_OVER_SPEAKER) return { kind: 'narrator', name: '', voice: narrator, picture: '' };
  const ch = c.characters.find((x) => x.character_id === d.character_id);
  if (!ch) return { kind: 'narrator', name: '', voice: narrator, picture: '' };
  return { kind: 'npc', name: ch.character_name, voice: ch.dubbing_show?.dubbing || narrator, picture: ch.character_url };
}

/** How long a line without a voice stays on screen: time to read it. */
const readingSeconds = (text: string): number => Math.min(6, Math.max(1.5, [...text].length * 0.06));

export async function renderVideo(input: RenderInput): Promise<RenderResult> {
  const { story, signal } = input;
  const c = story.content;
  const began = performance.now();
  const stopIfAsked = () => {
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('stopped');
  };

  // 1. Speech: each line's clip, decoded (5..45%).
  const spoken: Array<{ d: DialogueFields; who: Speaker; samples: Float32Array | null }> = [];
  for (const [i, d] of input.lines.entries()) {
    stopIfAsked();
    const who = speakerOf(d, c);
    let samples: Float32Array | null = null;
    if (who.voice) {
      const clip = await speechAudio(input.uid, d.content, who.voice);
      if (clip) samples = decodeWav(clip.audio) ?? (await decodeWithFfmpeg(input.ffmpeg, clip.audio, signal));
    }
    spoken.push({ d, who, samples });
    input.progress(5 + Math.round((40 * (i + 1)) / input.lines.length));
  }
  const speechMs = performance.now() - began;
  const rss = [Math.round(process.memoryUsage().rss / 1048576)];

  // 2. The timeline: title, chapter cards, lines; and the frames (45..55%).
  const framesAt = performance.now();
  const nodeOf = (id: string) => c.nodes.find((n) => n.node_id === id) ?? c.nodes[0];
  const bases = new Map<string, Buffer>();
  const baseOf = async (nodeId: string): Promise<Buffer> => {
    const node = nodeOf(nodeId);
    const key = node?.node_id ?? '';
    let base = bases.get(key);
    if (!base) {
      const ref = node?.background_url || c.loading_background || c.logo;
      base = await backdrop(ref ? await pictureBytes(ref, false) : null);
      bases.set(key, base);
    }
    return base;
  };
  const portraits = new Map<string, Buffer | null>();
  const portraitOf = async (ref: string): Promise<Buffer | null> => {
    if (!ref) return null;
    if (!portraits.has(ref)) portraits.set(ref, await portraitDisc(await pictureBytes(ref, true)));
    return portraits.get(ref) ?? null;
  };

  const entries: Array<{ file: string; seconds: number }> = [];
  const chapters: Array<{ vid: string; from: number; to: number }> = [];
  let at = 0;
  let n = 0;
  const addFrame = async (image: Buffer, seconds: number) => {
    n += 1;
    const file = `f${String(n).padStart(4, '0')}.jpg`;
    await writeFile(path.join(input.dir, file), image);
    entries.push({ file, seconds });
    at += seconds;
  };
  const layout: Array<{ samples: Float32Array; at: number }> = [];
  let chapterId: string | null = null;
  for (const { d, who, samples } of spoken) {
    stopIfAsked();
    const node = nodeOf(d.node_id);
    const nodeId = node?.node_id ?? '';
    if (nodeId !== chapterId) {
      if (chapters.length > 0) chapters[chapters.length - 1]!.to = at;
      chapters.push({ vid: node?.bgm_info?.vid ?? '', from: at, to: at });
      const base = await baseOf(nodeId);
      await addFrame(await titleFrame(base, chapterId === null ? c.story_name : node?.name ?? '', chapterId === null ? node?.name ?? '' : ''), chapterId === null ? TITLE_S : CHAPTER_S);
      chapterId = nodeId;
    }
    const base = await baseOf(nodeId);
    const portrait = await portraitOf(who.picture);
    const speech = samples ? samples.length / SAMPLE_RATE : readingSeconds(d.content);
    if (samples) layout.push({ samples, at: at + LEAD_S });
    const slot = LEAD_S + speech + TAIL_S;
    for (const page of pages(d.content.trim())) {
      await addFrame(await frame({ base, portrait, speaker: who.name, kind: who.kind, lines: page.lines }), Math.max(0.2, slot * page.share));
    }
  }
  if (chapters.length > 0) chapters[chapters.length - 1]!.to = at;
  const total = at;
  input.progress(55);
  const framesMs = performance.now() - framesAt;
  rss.push(Math.round(process.memoryUsage().rss / 1048576));

  // 3. The sound: speech over each chapter's music.
  const audio = track(total);
  for (const ch of chapters) {
    const loop = ch.vid ? offlineClip(ch.vid) : null;
    const samples = loop ? decodeWav(loop) : null;
    if (samples) layLoop(audio, samples, ch.from, ch.to, MUSIC_GAIN);
  }
  for (const s of layout) lay(audio, s.samples, s.at);
  await writeFile(path.join(input.dir, 'sound.wav'), encodeWav(audio));
  rss.push(Math.round(process.memoryUsage().rss / 1048576));

  // The concat list: each frame for its time; the last named again so its time counts.
  const list = ['ffconcat version 1.0', ...entries.flatMap((e) => [`file '${e.file}'`, `duration ${e.seconds.toFixed(3)}`]), `file '${entries[entries.length - 1]!.file}'`].join('\n');
  await writeFile(path.join(input.dir, 'frames.txt'), `${list}\n`);

  // 4. Encoding (55..99%).
  const encodeAt = performance.now();
  const file = path.join(input.dir, 'video.mp4');
  const ffmpeg = await runFfmpeg(
    input.ffmpeg,
    [
      '-f', 'concat', '-safe', '0', '-i', path.join(input.dir, 'frames.txt'),
      '-i', path.join(input.dir, 'sound.wav'),
      '-map', '0:v:0', '-map', '1:a:0',
      // Scaled and converted once per picture, then repeated to the frame rate: the pictures are stills.
      '-vf', `scale=${VIDEO_FORMAT.width}:${VIDEO_FORMAT.height},format=yuv420p,fps=${FPS}`,
      // ultrafast: a third of veryfast's CPU time (and half its memory) on stills, for a file about twice the size.
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'stillimage', '-crf', '27', '-threads', '2',
      '-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-ar', String(SAMPLE_RATE),
      '-t', total.toFixed(3), '-movflags', '+faststart', '-y', file,
    ],
    signal,
    (s) => input.progress(Math.min(99, 55 + Math.round((44 * s) / total))),
  );
  return { file, duration_ms: Math.round(total * 1000), ffmpeg, steps: { speech: Math.round(speechMs), frames: Math.round(framesMs), encode: Math.round(performance.now() - encodeAt), rss_mb: rss } };
}
