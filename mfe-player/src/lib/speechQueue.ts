/** The part of an HTMLAudioElement the players use; tests pass a fake. */
export interface AudioLike {
  src: string;
  volume: number;
  loop: boolean;
  paused: boolean;
  play: () => Promise<void>;
  pause: () => void;
  addEventListener: (type: 'ended' | 'error', listener: () => void) => void;
}

export type AudioFactory = () => AudioLike;

export const browserAudio: AudioFactory = () => new Audio();

/** `play()` as a promise: older browsers (and jsdom) return nothing, and some throw instead of rejecting. */
export function startPlaying(el: AudioLike): Promise<void> {
  try {
    return Promise.resolve(el.play() as Promise<void> | undefined);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** A clip to say: a sentence's URL, and which line it belongs to. */
export interface QueuedClip {
  url: string;
  dialogue_id: string;
  /** Where in the line's text it starts: with the URL, what makes a clip the same one when a stream repeats it. */
  start: number;
}

/** A WAV of 1 ms of silence: played on the player's gesture so later clips may start without one (autoplay rules). */
const SILENCE =
  'data:audio/wav;base64,UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQgAAAAAAAAAAAAAAA==';

export interface SpeechQueueOptions {
  create?: AudioFactory;
  /** Speech started or stopped being heard (the music is ducked meanwhile). */
  onSpeaking?: (speaking: boolean) => void;
  /** The browser refused to play without a gesture: the queue waits for `unlock` on the next one. */
  onBlocked?: (blocked: boolean) => void;
  /** The line being said now, or null. */
  onLine?: (dialogueId: string | null) => void;
}

/**
 * Says clips one after another, in the order they were queued, on one audio element (so that, once unlocked by a
 * gesture, it may keep playing without another). `stop` silences it and forgets what was queued. A clip that fails
 * to load is skipped.
 */
export class SpeechQueue {
  private element: AudioLike | null = null;
  private readonly pending: QueuedClip[] = [];
  private current: QueuedClip | null = null;
  private readonly seen = new Set<string>();
  /** Bumped by stop: a play() answering for a clip that was stopped is ignored. */
  private turn = 0;
  private blocked = false;
  private unlocked = false;

  constructor(private readonly options: SpeechQueueOptions = {}) {}

  /** The element, made on first use: nothing is made while speech is off. */
  private audio(): AudioLike {
    if (this.element) return this.element;
    const el = (this.options.create ?? browserAudio)();
    el.addEventListener('ended', () => this.finished());
    el.addEventListener('error', () => this.finished());
    this.element = el;
    return el;
  }

  get speaking(): boolean {
    return this.current !== null;
  }

  get queued(): readonly QueuedClip[] {
    return this.pending;
  }

  /** Adds a clip after those queued; one already queued or said in this turn (a stream picked up again) is not. */
  push(clip: QueuedClip): void {
    const key = `${clip.dialogue_id}\n${clip.start}\n${clip.url}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.pending.push(clip);
    if (!this.current && !this.blocked) this.next();
  }

  /** Stops what is said and drops what is queued. */
  stop(): void {
    this.turn += 1;
    this.pending.length = 0;
    this.seen.clear();
    const was = this.current !== null;
    this.current = null;
    // The source stays: emptying it would make the element report an error later, in the next clip's time.
    this.element?.pause();
    if (this.blocked) this.setBlocked(false);
    if (was) this.speaking_(false, null);
  }

  /**
   * Called on a gesture (the switch, Send, a replay button): plays a moment of silence on the element so the
   * browser lets it play later clips, and resumes a queue the browser had refused.
   */
  unlock(): void {
    const el = this.audio();
    if (this.current || this.pending.length > 0) {
      if (this.blocked) {
        this.setBlocked(false);
        this.current = null;
        this.next();
      }
      return;
    }
    if (this.unlocked) return;
    this.unlocked = true;
    el.src = SILENCE;
    startPlaying(el).catch(() => {
      this.unlocked = false;
    });
  }

  private setBlocked(blocked: boolean): void {
    this.blocked = blocked;
    this.options.onBlocked?.(blocked);
  }

  private speaking_(speaking: boolean, line: string | null): void {
    this.options.onSpeaking?.(speaking);
    this.options.onLine?.(line);
  }

  private finished(): void {
    if (!this.current) return;
    this.current = null;
    this.next();
  }

  private next(): void {
    const clip = this.pending.shift();
    if (!clip) {
      this.speaking_(false, null);
      return;
    }
    const el = this.audio();
    const turn = this.turn;
    this.current = clip;
    this.speaking_(true, clip.dialogue_id);
    el.src = clip.url;
    startPlaying(el).catch((error: unknown) => {
      if (turn !== this.turn || this.current !== clip) return;
      if (error instanceof Error && error.name === 'NotAllowedError') {
        // Autoplay refused: the clip waits at the head of the queue for the player's next gesture.
        this.pending.unshift(clip);
        this.current = null;
        this.speaking_(false, null);
        this.setBlocked(true);
        return;
      }
      this.finished();
    });
  }
}
