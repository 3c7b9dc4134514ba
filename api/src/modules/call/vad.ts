import { SAMPLE_RATE } from './asr';

/** 20 ms frames. */
export const FRAME_SAMPLES = SAMPLE_RATE / 50;
const FRAME_BYTES = FRAME_SAMPLES * 2;

export interface VadOptions {
  /** Silence that ends an utterance (default 350 ms: eSpeak NG's and people's pauses between words are shorter). */
  hangoverMs?: number;
  /** The longest utterance; past it the utterance is cut and refused (default 15 s). */
  maxUtteranceMs?: number;
}

export type VadEvent =
  | { type: 'start' }
  /** The utterance's audio so far since the last of these (from 200 ms before its start), to recognise as it comes. */
  | { type: 'speech'; pcm: Buffer }
  /** What started was too short to be speech: nothing more comes of it. */
  | { type: 'dropped' }
  /** An utterance: its PCM (with 200 ms before its start), how long, and whether it was cut or clipped. */
  | { type: 'utterance'; pcm: Buffer; ms: number; tooLong: boolean; tooLoud: boolean };

const START_FRAMES = 3;
const PRE_ROLL_FRAMES = 10;
const MIN_SPEECH_FRAMES = 10;
/** A sample this close to full scale is clipped. */
const CLIP = 32_000;

/** The level of one frame in dBFS. */
function levelOf(frame: Buffer): { db: number; clipped: number } {
  let sum = 0;
  let clipped = 0;
  for (let i = 0; i < frame.length; i += 2) {
    const s = frame.readInt16LE(i);
    sum += s * s;
    if (s >= CLIP || s <= -CLIP) clipped += 1;
  }
  const rms = Math.sqrt(sum / (frame.length / 2)) / 32_768;
  return { db: rms > 0 ? 20 * Math.log10(rms) : -120, clipped };
}

/**
 * Voice activity detection by level: a frame is speech when it is 15 dB over the noise floor (followed through the
 * quiet frames) and over -50 dBFS. Three speech frames in a row start an utterance; `hangoverMs` of silence ends
 * it. Fed any number of bytes at a time; frames are cut from what it holds.
 */
export class Vad {
  private rest = Buffer.alloc(0);
  private noiseDb = -60;
  private run = 0;
  private silent = 0;
  private speaking = false;
  private frames: Buffer[] = [];
  private preRoll: Buffer[] = [];
  /** The utterance's frames not yet given out in a `speech` event. */
  private unsent: Buffer[] = [];
  private speechFrames = 0;
  private clippedSamples = 0;
  private readonly hangover: number;
  private readonly maxFrames: number;
  /** Frames heard in all (the call's audio time). */
  heardFrames = 0;
  /** Frames that were speech in all. */
  voicedFrames = 0;

  constructor(options: VadOptions = {}) {
    this.hangover = Math.round((options.hangoverMs ?? 350) / 20);
    this.maxFrames = Math.round((options.maxUtteranceMs ?? 15_000) / 20);
  }

  get inSpeech(): boolean {
    return this.speaking;
  }

  push(chunk: Buffer): VadEvent[] {
    const out: VadEvent[] = [];
    let data = this.rest.length > 0 ? Buffer.concat([this.rest, chunk]) : chunk;
    while (data.length >= FRAME_BYTES) {
      const frame = Buffer.from(data.subarray(0, FRAME_BYTES));
      data = data.subarray(FRAME_BYTES);
      this.frame(frame, out);
    }
    this.rest = Buffer.from(data);
    this.flush(out);
    return out;
  }

  private flush(out: VadEvent[]): void {
    if (this.unsent.length === 0) return;
    out.push({ type: 'speech', pcm: Buffer.concat(this.unsent) });
    this.unsent = [];
  }

  private frame(frame: Buffer, out: VadEvent[]): void {
    this.heardFrames += 1;
    const { db, clipped } = levelOf(frame);
    const voiced = db > -50 && db > this.noiseDb + 15;
    if (voiced) this.voicedFrames += 1;
    else this.noiseDb = Math.max(-90, this.noiseDb * 0.95 + db * 0.05);
    if (!this.speaking) {
      this.preRoll.push(frame);
      if (this.preRoll.length > PRE_ROLL_FRAMES) this.preRoll.shift();
      this.run = voiced ? this.run + 1 : 0;
      if (this.run >= START_FRAMES) {
        this.speaking = true;
        this.frames = [...this.preRoll];
        this.unsent = [...this.preRoll];
        this.preRoll = [];
        this.speechFrames = this.run;
        this.silent = 0;
        this.clippedSamples = 0;
        out.push({ type: 'start' });
      }
      return;
    }
    this.frames.push(frame);
    this.unsent.push(frame);
    this.clippedSamples += clipped;
    if (voiced) {
      this.speechFrames += 1;
      this.silent = 0;
    } else this.silent += 1;
    const tooLong = this.frames.length >= this.maxFrames;
    if (this.silent >= this.hangover || tooLong) {
      this.speaking = false;
      this.run = 0;
      const frames = this.frames;
      this.frames = [];
      if (this.speechFrames < MIN_SPEECH_FRAMES && !tooLong) {
        this.unsent = [];
        out.push({ type: 'dropped' });
        return;
      }
      this.flush(out);
      const pcm = Buffer.concat(frames);
      const tooLoud = this.clippedSamples > (pcm.length / 2) * 0.05;
      out.push({ type: 'utterance', pcm, ms: frames.length * 20, tooLong, tooLoud });
    }
  }
}
