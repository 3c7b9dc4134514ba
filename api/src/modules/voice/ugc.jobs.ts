import type { Job } from 'agenda';
import type mongoose from 'mongoose';
import type { ForbiddenWords } from 'shared-kit';
import type { ModerationProvider } from '../../ai';
import { durableQueue, type DurableRunner } from '../../lib/durableQueue';
import type { Logger } from '../../lib/logger';
import { PROCESS_NAME } from '../../lib/processName';
import type { EventBus } from '../../realtime/events';
import { speakPreview } from './voice.service';
import { READ_SHARE_NEEDED, readShare, type Transcriber } from './ugc.asr';
import { UgcVoice, type UgcVoiceFields } from './ugc.model';
import { READ_TEXTS, previewText, ugcSpec } from './ugc.voice';

export const VOICE_JOB = 'ugc-voice';

export interface VoiceRunnerDeps {
  db: mongoose.mongo.Db;
  logger: Logger;
  events: EventBus;
  forbidden: ForbiddenWords;
  moderation: ModerationProvider | null;
  transcriber: Transcriber | null;
  pollMs: number;
  lockMs: number;
  /** A pause before each step, so the review can be watched (and stopped mid-way in tests). */
  stepMs: number;
  now: () => number;
}

export type VoiceRunner = DurableRunner;

/** The review refused the voice: it ends Reject with this reason, which its owner sees. */
class VoiceRejected extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}
class ProcessStopping extends Error {}

/**
 * Making a custom voice after its quick upload checks, as a durable job (like brainstorm plans): the voice is
 * Reviewing while the recognised text (when a recogniser is configured), the name's safety review and the preview
 * clip are done, then Normal, or Reject with a reason. Progress goes to the owner's sockets; a job whose process
 * stops is picked up again by another process or after the restart, and runs once across processes.
 */
export function startVoiceRunner(deps: VoiceRunnerDeps): VoiceRunner {
  const log = deps.logger.child({ module: 'ugc-voice' });
  const queue = durableQueue({
    db: deps.db,
    collection: 'voice_jobs',
    jobName: VOICE_JOB,
    key: 'voice_id',
    concurrency: 4,
    pollMs: deps.pollMs,
    lockMs: deps.lockMs,
    log,
  });
  const sleep = queue.sleep;

  function progressed(v: Pick<UgcVoiceFields, 'uid' | 'voice_id'>, status: string, percent: number, reason = ''): void {
    deps.events.emit('voice.progressed', { uid: v.uid, voice_id: v.voice_id, status, percent, reason });
  }

  async function step(job: Job, voiceId: string, percent: number): Promise<UgcVoiceFields> {
    await sleep(deps.stepMs);
    if (queue.signal.aborted) throw new ProcessStopping();
    await job.touch();
    const v = await UgcVoice.findOneAndUpdate({ voice_id: voiceId, status: 'Reviewing' }, { $set: { review_percent: percent } }, { new: true, projection: { recording: 0 } }).lean<UgcVoiceFields>();
    if (!v) throw new VoiceRejected('', 'stopped');
    progressed(v, 'Reviewing', percent);
    return v;
  }

  async function review(job: Job, voiceId: string): Promise<void> {
    let v = await step(job, voiceId, 10);
    // Read hydrated: the recording comes back as a Buffer (a lean read gives the driver's Binary).
    const recording = v.mix_type === 'NotMix' && deps.transcriber ? (await UgcVoice.findOne({ voice_id: voiceId }, { recording: 1 }))?.recording : null;
    if (deps.transcriber && recording) {
      const shown = READ_TEXTS.find((t) => t.text_id === v.text_id) ?? READ_TEXTS.find((t) => t.language_key === v.language) ?? READ_TEXTS[0];
      let transcript: string;
      try {
        transcript = await deps.transcriber.transcribe(recording, v.language);
      } catch (err) {
        log.warn({ err, voice_id: voiceId }, 'voice transcription failed');
        throw new VoiceRejected('asr_unavailable', 'Speech recognition was unavailable: record the voice again later');
      }
      const share = readShare(shown.text, transcript);
      await UgcVoice.updateOne({ voice_id: voiceId }, { $set: { transcript } });
      if (share < READ_SHARE_NEEDED) {
        throw new VoiceRejected('not_read', `Voice not recognized: read the text as written (${Math.round(share * 100)}% of it was heard)`);
      }
    }
    v = await step(job, voiceId, 40);
    let flagged = deps.forbidden.find(v.name) !== null;
    if (!flagged && deps.moderation) {
      const [verdict] = await deps.moderation.moderate([v.name], AbortSignal.timeout(15_000));
      flagged = verdict?.flagged === true;
    }
    if (flagged) throw new VoiceRejected('name', 'The name did not pass the safety review: choose another name');
    v = await step(job, voiceId, 70);
    let previewKey: string;
    try {
      previewKey = (await speakPreview(ugcSpec(v), previewText(v.language))).key;
    } catch (err) {
      log.warn({ err, voice_id: voiceId }, 'voice preview failed');
      throw new VoiceRejected('engine', v.mix_type === 'Mix' ? 'Voice mixing failed: the mixed voice could not speak' : 'The voice could not speak its preview');
    }
    const done = await UgcVoice.findOneAndUpdate(
      { voice_id: voiceId, status: 'Reviewing' },
      { $set: { status: 'Normal', preview_key: previewKey, review_percent: 100, reject_reason: '', updated_at: new Date(deps.now()) } },
      { new: true },
    ).lean<UgcVoiceFields>();
    if (done) {
      progressed(done, 'Normal', 100);
      log.info({ voice_id: voiceId }, 'custom voice ready');
    }
  }

  async function run(job: Job<{ voice_id: string }>): Promise<void> {
    const voiceId = job.attrs.data.voice_id;
    const v = await UgcVoice.findOneAndUpdate({ voice_id: voiceId, status: 'Reviewing' }, { $push: { runs: PROCESS_NAME } }, { new: true }).lean<UgcVoiceFields>();
    if (!v) return;
    log.info({ voice_id: voiceId, resumed: v.runs.length > 1 }, 'voice review started');
    try {
      await review(job, voiceId);
    } catch (err) {
      if (err instanceof ProcessStopping || queue.signal.aborted) {
        job.attrs.nextRunAt = new Date();
        log.info({ voice_id: voiceId }, 'voice review handed back: process stopping');
        return;
      }
      const reason = err instanceof VoiceRejected ? err.reason : 'error';
      if (reason === '') return; // deleted meanwhile
      const message = err instanceof VoiceRejected ? err.message : 'The voice could not be made, try again';
      if (!(err instanceof VoiceRejected)) log.error({ err, voice_id: voiceId }, 'voice review failed');
      const rejected = await UgcVoice.findOneAndUpdate(
        { voice_id: voiceId, status: 'Reviewing' },
        { $set: { status: 'Reject', reject_reason: message, reject_code: reason, updated_at: new Date(deps.now()) } },
        { new: true },
      ).lean<UgcVoiceFields>();
      if (rejected) progressed(rejected, 'Reject', rejected.review_percent, message);
    }
  }

  return queue.start(run);
}
