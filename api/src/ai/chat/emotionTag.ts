import { Emotion, isEnumValue } from 'shared-kit';

/** Longest prefix we hold back while waiting to see whether the answer opens with an "[Emotion]" tag. */
const MAX_TAG = 24;

/**
 * Splits a leading "[Emotion]" tag off a streamed answer. `push` returns the text that is safe to show now;
 * `emotion` is set once the tag is read (or left undefined when the answer has none).
 */
export class EmotionTagParser {
  emotion: Emotion | undefined;
  private pending = '';
  private decided = false;

  push(delta: string): string {
    if (this.decided) return delta;
    this.pending += delta;
    const lead = this.pending.trimStart();
    if (lead === '') return '';
    if (!lead.startsWith('[')) return this.release(this.pending);
    const close = lead.indexOf(']');
    if (close === -1) return lead.length > MAX_TAG ? this.release(this.pending) : '';
    const name = lead.slice(1, close).trim();
    const match = Object.values(Emotion).find((e) => e.toLowerCase() === name.toLowerCase());
    if (match && isEnumValue(Emotion, match)) {
      this.emotion = match;
      return this.release(lead.slice(close + 1).trimStart());
    }
    return this.release(this.pending);
  }

  /** Whatever is still held back when the stream ends. */
  flush(): string {
    return this.decided ? '' : this.release(this.pending);
  }

  private release(text: string): string {
    this.decided = true;
    this.pending = '';
    return text;
  }
}
