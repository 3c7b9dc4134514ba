import { assemblePrompt, ChatFailure, type ChatProvider, type TurnEvent, type TurnMaterial } from '../../../ai/chat';
import type { ChatSettings } from '../../../config';

/**
 * A model request opened before its turn is stored. Its events are read at once into memory, so the model's
 * latency overlaps the send's writes, but nothing is shown or stored until the turn is committed: the reply task
 * then reads the held events in order, and then the live ones. A turn that does not go through cancels it.
 */
export class OpenedReply implements AsyncIterable<TurnEvent> {
  private readonly held: TurnEvent[] = [];
  private finished = false;
  private failure: { error: unknown } | null = null;
  private wake: (() => void) | null = null;
  private readonly controller = new AbortController();
  private taken = false;
  /** Stopped by the player: what came so far is read, then the events end without a failure. */
  private stopped = false;
  private heard!: () => void;
  /** Settles when the request is over, however it ended (shutdown waits for it). */
  readonly settled: Promise<void>;
  /** When the request was opened, and when its first event came (the debug view's time to first token). */
  readonly openedAt = performance.now();
  firstEventAt: number | null = null;
  /** Resolves with the model's first event, or when the request ends without one. */
  readonly firstEvent = new Promise<void>((resolve) => (this.heard = resolve));

  constructor(
    chat: ChatProvider,
    settings: ChatSettings,
    readonly material: TurnMaterial,
  ) {
    const prompt = assemblePrompt(material, { contextTokens: settings.contextTokens, replyTokens: settings.replyTokens });
    // A deadline for the whole request, however the provider's own timeouts behave (a timer: cheaper than a combined signal).
    const deadline = setTimeout(() => {
      this.failure ??= { error: new ChatFailure('timeout', 'the reply took too long') };
      this.controller.abort();
    }, Math.max(settings.timeoutMs * (settings.retries + 2), 60_000));
    deadline.unref();
    this.settled = this.pump(chat.streamTurn({ material, messages: prompt.messages, signal: this.controller.signal })).finally(() => clearTimeout(deadline));
  }

  private async pump(source: AsyncIterable<TurnEvent>): Promise<void> {
    try {
      for await (const event of source) {
        if (this.controller.signal.aborted) break;
        this.held.push(event);
        this.firstEventAt ??= performance.now();
        this.heard();
        this.wake?.();
      }
    } catch (error) {
      this.failure ??= { error };
    } finally {
      this.finished = true;
      this.heard();
      this.wake?.();
    }
  }

  /** Stops the model request; whatever it sent is dropped. */
  cancel(): void {
    this.controller.abort();
  }

  /** The player stopped the reply: the model request is closed and the events end after those already here. */
  stop(): void {
    this.stopped = true;
    this.controller.abort();
  }

  [Symbol.asyncIterator](): AsyncIterator<TurnEvent> {
    if (this.taken) throw new Error('an opened reply is read once');
    this.taken = true;
    return {
      next: async () => {
        for (;;) {
          const event = this.held.shift();
          if (event) return { value: event, done: false };
          if (this.finished) {
            if (this.failure && !this.stopped) throw this.failure.error;
            return { value: undefined, done: true };
          }
          await new Promise<void>((resolve) => (this.wake = resolve));
          this.wake = null;
        }
      },
      // Leaving the loop early (a listed word) closes the request, as with the provider's own stream.
      return: async () => {
        this.cancel();
        return { value: undefined, done: true };
      },
    };
  }
}
