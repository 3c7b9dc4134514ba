// A play rendered as a video: `npx tsx bench/video-render.ts`.
//
// Method: the api runs in this process on embedded-mongo (as the tests run it), with its offline speech engine (eSpeak
// NG in WebAssembly) and Debian's ffmpeg. A player's ended play of TURNS turns (each the player's line and a
// character's answer, every fourth with the narrator: 2.25 lines a turn, every line a new sentence, so no clip comes
// from the cache) is rendered through the api: `create_video_task`, then `video_task` read until Success. Printed:
//   - wall time from the request to Success (target: at most 60 s for 20 turns), and the render's own steps (speech,
//     frames, encoding) from its log line;
//   - CPU use: the api process's CPU time over the render (process.cpuUsage) and ffmpeg's (from /proc), each as a
//     share of one core over the wall time, and their sum in core-seconds;
//   - memory: the api process's peak RSS above its level before the render (sampled every 50 ms), after a one-turn
//     render warmed it (the speech engine's thread, about 200 MB once per process, is then in the baseline, as in a
//     running api), and ffmpeg's peak RSS (VmHWM), each with its target of at most 300 MB; the video's length, size
//     and ffprobe's streams.
// Exits non-zero when the render fails or misses a target.
import { execFile } from 'node:child_process';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { VideoTask } from 'shared-kit/schemas';
import { startTestApi, type TestApi } from '../api/test/helpers';
import { person, publishStory } from '../api/test/support/community';
import { finished, seedTurns, startPlay, VIDEO_STORY } from '../api/test/support/video';
import { Dialogue } from '../api/src/modules/play/dialogue.model';

const TURNS = Number(process.env.BENCH_VIDEO_TURNS ?? 20);
const WALL_TARGET_S = 60;
const MEMORY_TARGET_MB = 300;
const run = promisify(execFile);
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

const WORDS = ['lamp', 'storm', 'harbour', 'keeper', 'letter', 'rope', 'tide', 'window', 'lantern', 'stair', 'gull', 'compass', 'anchor', 'cliff', 'bell'];

/** A new sentence for line `i`: no two lines of the play say the same, so each is synthesized. */
function sentence(i: number): string {
  const w = (k: number) => WORDS[(i * 7 + k * 3) % WORDS.length]!;
  return `Number ${i + 1}: the ${w(0)} by the ${w(1)} waits for the ${w(2)}, and the ${w(3)} knows why.`;
}

async function main(): Promise<void> {
  const api: TestApi = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '10000', REVIEW_POLL_MS: '20', VIDEO_DAILY_RENDERS: '10' } });
  try {
    const { storyId } = await publishStory(api.baseUrl, VIDEO_STORY);
    const p = await person(api);
    const playId = await startPlay(p.client, storyId);
    const ids = await seedTurns(playId, TURNS);
    await Promise.all(ids.map((id, i) => Dialogue.updateOne({ dialogue_id: id }, { $set: { content: sentence(i) } })));

    // A warm api, as a running one is: one short render first starts the speech engine's thread (its compiled
    // eSpeak NG, about 200 MB, kept for the life of the process and shared with play's spoken replies) and sharp.
    const warmPlay = await startPlay(p.client, storyId);
    const warmIds = await seedTurns(warmPlay, 1);
    const warm = await p.client.post<{ task: VideoTask }>('/api/share/story/create_video_task', { play_id: warmPlay, dialogue_ids: warmIds });
    if (warm.body.status_code !== 0 || (await finished(p.client, warm.body.data!.task.task_id)).status !== 'Success') throw new Error('the warm-up render failed');
    const coldRss = process.memoryUsage().rss;

    const rendered = api.logs.find('video rendered').length;
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const made = await p.client.post<{ task: VideoTask }>('/api/share/story/create_video_task', { play_id: playId });
    if (made.body.status_code !== 0) throw new Error(`create_video_task: ${JSON.stringify(made.body)}`);
    const task = await finished(p.client, made.body.data!.task.task_id, 600_000);
    const wallS = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const cpu = process.cpuUsage(cpuBefore);
    if (task.status !== 'Success') throw new Error(`the render ended ${task.status}`);

    // The render logs its figures right after it writes Success.
    for (let i = 0; i < 100 && api.logs.find('video rendered').length <= rendered; i += 1) await new Promise((r) => setTimeout(r, 50));
    const line = api.logs.find('video rendered').at(-1) as { steps: { speech: number; frames: number; encode: number; rss_mb: number[] }; ffmpeg_peak_rss: number; ffmpeg_cpu_ms: number };
    const apiCpuS = (cpu.user + cpu.system) / 1e6;
    const ffmpegCpuS = line.ffmpeg_cpu_ms / 1000;
    const apiPeak = peak - baseline;

    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-video-'));
    const file = path.join(dir, 'video.mp4');
    await writeFile(file, new Uint8Array(await (await fetch(`${api.baseUrl}${task.video_path}`)).arrayBuffer()));
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height:format=duration,size', '-of', 'compact', file]);
    await rm(dir, { recursive: true, force: true });

    const wallOk = TURNS !== 20 || wallS <= WALL_TARGET_S;
    const memOk = apiPeak <= MEMORY_TARGET_MB * 1024 * 1024 && line.ffmpeg_peak_rss <= MEMORY_TARGET_MB * 1024 * 1024;
    console.log(`video render: ${TURNS} turns, ${task.lines} lines, ${(task.duration_ms / 1000).toFixed(1)} s of video, ${mb(task.bytes)} MB (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`);
    console.log(`  wall time        ${wallS.toFixed(1)} s (target <= ${WALL_TARGET_S} s for 20 turns) ${wallOk ? 'ok' : 'MISSED'}`);
    console.log(`  steps            speech ${(line.steps.speech / 1000).toFixed(1)} s, frames ${(line.steps.frames / 1000).toFixed(1)} s, encoding ${(line.steps.encode / 1000).toFixed(1)} s; api RSS after each: ${line.steps.rss_mb.join(', ')} MB`);
    console.log(`  CPU              api process ${apiCpuS.toFixed(1)} s (${((100 * apiCpuS) / wallS).toFixed(0)}% of a core), ffmpeg ${ffmpegCpuS.toFixed(1)} s (${((100 * ffmpegCpuS) / wallS).toFixed(0)}% of a core), total ${(apiCpuS + ffmpegCpuS).toFixed(1)} core-s`);
    console.log(`  memory (cold)    api process ${mb(coldRss)} MB after the warm-up render (the speech engine's thread included)`);
    console.log(`  memory           api process peak +${mb(apiPeak)} MB above its ${mb(baseline)} MB, ffmpeg peak RSS ${mb(line.ffmpeg_peak_rss)} MB (target <= ${MEMORY_TARGET_MB} MB each) ${memOk ? 'ok' : 'MISSED'}`);
    console.log(`  ffprobe          ${stdout.trim().split('\n').join(' | ')}`);
    if (!wallOk || !memOk) process.exitCode = 1;
  } finally {
    await api.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
