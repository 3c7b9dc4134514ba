import mongoose from 'mongoose';
import type { Socket } from 'socket.io';
import { AudioCallStatus, DialogueStatus, ErrorCode, ResourceLimit, type SpeechClip } from 'shared-kit';
import { CALL_AUDIO_CHUNK_MAX, CALL_SAMPLE_RATE } from 'shared-kit/areas';
import { PLAY_REQUESTS } from 'shared-kit/schemas';
import type { Account, AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { EventBus } from '../../realtime/events';
import { guardPlayTurn } from '../identity';
import { resolveToken, tokenFromCookieHeader } from '../passport';
import { Dialogue, ownPlay, sendTurn, stopReply, storyOfPlay, withSpeech, type DialogueFields, type EventsOut, type PlayContext } from '../play';
import type { RecognitionStream, Recogniser } from './asr';
import { Call, type CallFields } from './call.model';
import { finishCall } from './call.service';
import { countSeconds, leftToday, takeRecognition, type CallLimits } from './limits';
import { Vad } from './vad';

export interface SessionDeps {
  play: PlayContext;
  limits: CallLimits;
  recogniser: Recogniser;
  events: EventBus;
  logger: Logger;
  now: () => number;
  /** How often the call's time is counted (1 s). */
  tickMs?: number;
}

/** A call heard nothing but silence this long: it ends. */
const SILENT_CALL_MS = 60_000;
const TURN_TIMEOUT_MS = 90_000;

/** The spec's code that goes with each way a call ends. */
export const END_CODES: Record<AudioCallStatus, number> = {
  [AudioCallStatus.Normal]: ErrorCode.Success,
  [AudioCallStatus.TimeLimit]: ErrorCode.AudioQuotaLimit,
  [AudioCallStatus.DurationLimit]: ErrorCode.AudioQuotaLimit,
  [AudioCallStatus.QuotaLimit]: ErrorCode.MessageLimitReached,
};

/**
 * A call held by this process's socket: the microphone's audio through voice activity detection, each utterance
 * recognised and sent as the player's line on the play's one send path, the reply streamed back as speech sentence
 * by sentence; the player's voice over the reply stops it (barge-in). Counts the call's time every second.
 */
export class CallSession {
  private readonly vad = new Vad();
  private muted = false;
  private closed = false;
  private readonly tick: NodeJS.Timeout;
  private recognising: AbortController | null = null;
  /** The utterance being spoken, recognised as it comes (when the recogniser can). */
  private hearing: RecognitionStream | null = null;
  /** Milliseconds of the utterance given to `hearing` so far. */
  private heardMs = 0;
  private turns: Promise<void> = Promise.resolve();
  /** The reply being written or spoken, and a number that changes when it is cut short. */
  private reply: { dialogueId: string; generation: number } | null = null;
  private generation = 0;
  private readonly log: Logger;

  constructor(
    readonly call: CallFields,
    private readonly account: Account,
    private readonly socket: Socket,
    private readonly deps: SessionDeps,
    private readonly onClose: () => void,
    /** Seconds of recognised speech left today (read when the call was joined, then every second). */
    private asrSecondsLeft = Number.POSITIVE_INFINITY,
  ) {
    this.log = deps.logger.child({ call_id: call.call_id });
    this.tick = setInterval(() => void this.count(), deps.tickMs ?? 1000);
    deps.recogniser.warm?.().catch((err: unknown) => this.log.warn({ err }, 'the recogniser could not start'));
  }

  private emit(event: string, data: unknown): void {
    if (!this.closed) this.socket.emit(event, data);
  }

  private refuse(code: number, message: string, data?: unknown): void {
    this.emit('call:error', { status_code: code, status_message: message, ...(data === undefined ? {} : { data }) });
  }

  private async count(): Promise<void> {
    if (this.closed) return;
    try {
      const seconds = (this.deps.tickMs ?? 1000) / 1000;
      const status = await countSeconds(this.account.uid, this.call.call_id, seconds, this.deps.limits, this.deps.now());
      if (status !== AudioCallStatus.Normal) return this.end(status);
      const c = await Call.findOne({ call_id: this.call.call_id }, { seconds: 1, state: 1 }).lean<Pick<CallFields, 'seconds' | 'state'>>();
      if (c?.state !== 'Active') return this.end(AudioCallStatus.Normal);
      const left = await leftToday(this.account.uid, this.deps.limits, this.deps.now());
      this.asrSecondsLeft = left.asr_seconds_left_today;
      this.emit('call:state', { call_id: this.call.call_id, seconds: c.seconds, max_call_seconds: left.max_call_seconds, seconds_left_today: left.seconds_left_today });
    } catch (err) {
      this.log.warn({ err }, 'call time not counted');
    }
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
  }

  /** One message of microphone audio: PCM (see CALL_SAMPLE_RATE), an even number of bytes, at most 64 KiB. */
  audio(data: unknown): void {
    if (this.closed) return;
    if (!Buffer.isBuffer(data) && !(data instanceof ArrayBuffer) && !(data instanceof Uint8Array)) {
      return this.refuse(ErrorCode.ClientParamError, 'audio: must be binary 16-bit PCM');
    }
    const buf = Buffer.isBuffer(data) ? data : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
    if (buf.length === 0 || buf.length % 2 !== 0) return this.refuse(ErrorCode.ClientParamError, 'audio: must be 16-bit samples (an even number of bytes)');
    if (buf.length > CALL_AUDIO_CHUNK_MAX) return this.refuse(ErrorCode.ClientParamError, `audio: at most ${CALL_AUDIO_CHUNK_MAX} bytes a message`);
    if (this.muted) return;
    for (const e of this.vad.push(buf)) {
      if (e.type === 'start') {
        this.hearing?.cancel();
        this.hearing = this.asrSecondsLeft > 0 ? (this.deps.recogniser.stream?.('en') ?? null) : null;
        this.heardMs = 0;
        this.playerSpeaks();
      } else if (e.type === 'speech') this.hearSpeech(e.pcm);
      else if (e.type === 'dropped') {
        this.hearing?.cancel();
        this.hearing = null;
      } else {
        const hearing = this.hearing;
        this.hearing = null;
        void this.utterance(e.pcm, e.ms, e.tooLong, e.tooLoud, hearing);
      }
    }
    if (this.vad.voicedFrames === 0 && this.vad.heardFrames * 20 >= SILENT_CALL_MS) {
      this.refuse(ErrorCode.ClientParamError, 'audio: nothing but silence was heard');
      void this.end(AudioCallStatus.Normal);
    }
  }

  /**
   * Gives the utterance's audio to the recogniser as it comes, up to the day's recognised speech left: past it the
   * utterance will be refused, so recognising more would only keep the recogniser busy for the next one.
   */
  private hearSpeech(pcm: Buffer): void {
    if (!this.hearing) return;
    this.heardMs += (pcm.length / 2 / CALL_SAMPLE_RATE) * 1000;
    if (this.heardMs > this.asrSecondsLeft * 1000) {
      this.hearing.cancel();
      this.hearing = null;
      return;
    }
    this.hearing.write(pcm);
  }

  /** Barge-in: the player's voice stops the reply's playback and the reply being written. */
  private playerSpeaks(): void {
    this.emit('call:speaking', { who: 'player' });
    const reply = this.reply;
    if (!reply) return;
    this.reply = null;
    this.generation += 1;
    this.emit('call:barge', { dialogue_id: reply.dialogueId });
    void stopReply(this.account.uid, { play_id: this.call.play_id, dialogue_id: reply.dialogueId }).catch((err: unknown) => this.log.warn({ err }, 'barge-in could not stop the reply'));
  }

  private async utterance(pcm: Buffer, ms: number, tooLong: boolean, tooLoud: boolean, hearing: RecognitionStream | null): Promise<void> {
    if (tooLong || tooLoud) hearing?.cancel();
    if (tooLong) return this.refuse(ErrorCode.ClientParamError, 'audio: one utterance may last at most 15 s');
    if (tooLoud) return this.refuse(ErrorCode.ClientParamError, 'audio: too loud (clipped); speak further from the microphone');
    const abort = new AbortController();
    this.recognising = abort;
    // Its words are asked for at once (the quota is checked meanwhile): most of it was recognised as it came.
    const heard = hearing ? hearing.finish(abort.signal) : null;
    heard?.catch(() => undefined);
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    if (!(await takeRecognition(this.account.uid, seconds, this.deps.limits, this.deps.events, this.deps.now()))) {
      abort.abort();
      this.refuse(ErrorCode.AsrLimit, 'Voice input limit reached today, try tomorrow');
      return this.end(AudioCallStatus.QuotaLimit, ErrorCode.AsrLimit);
    }
    this.asrSecondsLeft -= seconds;
    let text: string;
    try {
      text = (await (heard ?? this.deps.recogniser.transcribe(pcm, 'en', abort.signal))).trim();
    } catch (err) {
      if (abort.signal.aborted || this.closed) return;
      this.log.warn({ err }, 'speech recognition failed');
      return this.refuse(ErrorCode.Internal, 'Speech could not be recognised');
    } finally {
      if (this.recognising === abort) this.recognising = null;
    }
    if (this.closed) return;
    this.emit('call:transcript', { text, final: true });
    if (text === '') return this.emit('call:speaking', { who: 'none' });
    this.turns = this.turns.then(() => this.turn(text));
  }

  /**
   * The player's line on the play's one send path (claim, quota, moderation, director) behind the same play-time
   * guard as a typed line (youth mode), then the reply spoken. The account is read again for each line, as each
   * request reads it: youth mode turned on during a call applies to its next line.
   */
  private async turn(text: string): Promise<void> {
    if (this.closed) return;
    const play = this.deps.play;
    let sent: Awaited<ReturnType<typeof sendTurn>>;
    try {
      const found = await resolveToken(tokenFromCookieHeader(this.socket.handshake.headers.cookie), this.deps.now());
      if (!found || found.user.uid !== this.account.uid) {
        this.refuse(ErrorCode.NeedLogin, 'Sign in again to go on with the call');
        return this.end(AudioCallStatus.Normal, ErrorCode.NeedLogin);
      }
      const who = found.user as Account;
      sent = await guardPlayTurn(who, () => sendTurn(play, who, PLAY_REQUESTS.sendBody.parse({ play_id: this.call.play_id, message: text })));
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.MessageLimitReached) {
        this.deps.events.emit('resource.limited', { uid: this.account.uid, limit: ResourceLimit.LLMReached });
        this.refuse(err.code, err.message);
        return this.end(AudioCallStatus.QuotaLimit);
      }
      if (err instanceof AppError && err.code === ErrorCode.AntiAddictionBan) {
        // Outside the allowed play time: the call ends as it does at the day's time limit.
        this.refuse(err.code, err.message, err.data);
        return this.end(AudioCallStatus.TimeLimit, err.code);
      }
      if (err instanceof AppError) return this.refuse(err.code, err.message);
      this.log.error({ err }, 'a spoken turn failed');
      return this.refuse(ErrorCode.Internal, 'The turn failed');
    }
    const inputId = sent.input_dialogue?.dialogue_id ?? '';
    // The play's row says the line was spoken (the transcript marks it).
    if (inputId) await Dialogue.updateOne({ dialogue_id: inputId, play_id: this.call.play_id }, { $set: { spoken: true } });
    this.emit('call:transcript', { text, final: true, input_dialogue_id: inputId });
    await Call.updateOne(
      { call_id: this.call.call_id },
      { $push: { lines: { input_dialogue_id: inputId, reply_dialogue_ids: sent.reply_dialogue_ids, text, at: new Date(this.deps.now()) } } },
    );
    if (sent.reply_dialogue_ids.length > 0) await this.speak(sent.reply_dialogue_ids, sent.seq_st);
  }

  /** Follows the turn's reply as it is written and speaks each sentence (the play's speech code); ends with the turn. */
  private async speak(replyIds: string[], seqSt: number): Promise<void> {
    const play = this.deps.play;
    const generation = ++this.generation;
    this.reply = { dialogueId: replyIds[0]!, generation };
    const story = await storyOfPlay(await ownPlay(this.call.play_id, this.account.uid));
    const current = () => !this.closed && this.generation === generation;
    await new Promise<void>((resolve) => {
      const out: EventsOut = {
        send: (event, data) => {
          if (!current()) return;
          if (event === 'audio') {
            const clip = data as SpeechClip;
            this.emit('call:speaking', { who: 'character' });
            this.emit('call:audio', { dialogue_id: clip.dialogue_id, index: clip.index, text: clip.text, url: clip.url, mime: clip.mime });
          } else if (event === 'audio_limit') this.refuse(ErrorCode.TtsLimit, 'Voice playback limit reached today, try tomorrow');
        },
        end: () => resolve(),
      };
      const speech = withSpeech({ query: { tts: '1' }, state: { log: this.log } } as unknown as AppContext, this.account.uid, story, out);
      let finished = false;
      const finish = async () => {
        if (finished) return;
        finished = true;
        off();
        clearTimeout(timer);
        try {
          const rows = await Dialogue.find({ play_id: this.call.play_id, seq: mongoose.trusted({ $gte: seqSt }), role: mongoose.trusted({ $ne: 'player' }) })
            .sort({ seq: 1 })
            .lean<DialogueFields[]>();
          for (const row of rows) {
            if (!row.content || row.status === DialogueStatus.SecurityFail || row.status === DialogueStatus.SecurityNotShow) continue;
            speech.send('delta', { dialogue_id: row.dialogue_id, seq: row.seq, offset: 0, text: row.content });
            speech.send('dialogue', { dialogue_id: row.dialogue_id, seq: row.seq, content: row.content });
          }
        } catch (err) {
          this.log.warn({ err }, 'the reply could not be read');
        }
        speech.send('done', {});
        speech.end();
      };
      const off = play.live.subscribe(this.call.play_id, (e) => {
        if (e.type === 'delta') {
          const seq = play.live.get(e.dialogue_id)?.seq ?? 0;
          if (current()) this.emit('call:reply', { dialogue_id: e.dialogue_id, offset: e.offset, text: e.text });
          speech.send('delta', { dialogue_id: e.dialogue_id, seq, offset: e.offset, text: e.text });
        } else if (e.type === 'end') void finish();
      });
      const timer = setTimeout(() => void finish(), TURN_TIMEOUT_MS);
      // Words written before this listened, or a turn already over.
      const live = replyIds.map((id) => [id, play.live.get(id)] as const);
      for (const [id, r] of live) if (r && r.content) speech.send('delta', { dialogue_id: id, seq: r.seq, offset: 0, text: r.content });
      if (live.every(([, r]) => !r)) void finish();
    });
    if (this.reply?.generation === generation) this.reply = null;
    if (current()) this.emit('call:speaking', { who: 'none' });
  }

  /** Stops what this process runs for the call (recognition, speech, the clock), without ending the call. */
  detach(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.tick);
    this.recognising?.abort();
    this.hearing?.cancel();
    this.hearing = null;
    this.generation += 1;
    this.onClose();
  }

  /** Ends the call with `status` (once, whichever process gets there first) and tells the player. */
  async end(status: AudioCallStatus, code = END_CODES[status]): Promise<void> {
    if (this.closed) return;
    const socket = this.socket;
    this.detach();
    await finishCall(this.call.call_id, status, this.deps.now()).catch((err: unknown) => this.log.warn({ err }, 'call not ended'));
    socket.emit('call:ended', { call_id: this.call.call_id, status, status_code: code });
  }
}
