import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createForbiddenWords, parseForbiddenWordList, type ForbiddenWords } from 'shared-kit';
import { FORBIDDEN_WORDS_DIR } from '../../review';

/*
 * Moderation of a reply while it streams. Every chunk is checked against the forbidden-word lists (the offline
 * moderation, cheap enough for each token) before it is shown or stored. Text that could still grow into a listed
 * word or phrase ("grim" before "blade", "kill" before "yourself") is held back until the next chunk settles it,
 * so a listed word never reaches a player even when the model splits it across tokens. Text that cannot is let
 * through at once: ordinary words cost no delay.
 */

/** The lists as a matcher plus every prefix of every listed term, folded as the matcher folds. */
export interface ReplyWordList {
  words: ForbiddenWords;
  prefixes: ReadonlySet<string>;
  /** The longest listed term, in folded characters: no held tail is longer than a few times this. */
  longest: number;
}

const fold = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
const WORD_CHAR = /[\p{L}\p{N}]/u;
// As in the shared matcher: scripts without spaces between words match anywhere, not only at word starts.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

export function replyWordList(terms: Iterable<string>): ReplyWordList {
  const list = [...terms];
  const prefixes = new Set<string>();
  let longest = 0;
  for (const term of list) {
    const folded = fold(term.trim());
    longest = Math.max(longest, folded.length);
    for (let i = 1; i <= folded.length; i += 1) prefixes.add(folded.slice(0, i));
  }
  return { words: createForbiddenWords(list), prefixes, longest };
}

/**
 * The same lists the story review uses: every `*.txt` of the shipped folder and FORBIDDEN_WORDS_FILE. Read once
 * when the play routes are built; a missing extra file fails startup, as it does for the review.
 */
export function loadReplyWordList(extraFile: string | undefined, dir = FORBIDDEN_WORDS_DIR): ReplyWordList {
  const terms: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.txt')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  for (const name of names) terms.push(...parseForbiddenWordList(readFileSync(path.join(dir, name), 'utf8')));
  if (extraFile) {
    try {
      terms.push(...parseForbiddenWordList(readFileSync(extraFile, 'utf8')));
    } catch (err) {
      throw new Error(`FORBIDDEN_WORDS_FILE cannot be read (${extraFile}): ${(err as Error).message}`);
    }
  }
  return replyWordList(terms);
}

export interface GuardStep {
  /** Checked text to show and store now (may be empty). */
  release: string;
  /** The listed word the reply tripped on: stop it, nothing more is released. */
  flagged: string | null;
}

/** One reply's guard: feed it the model's text as it comes, show only what it releases. */
export class ReplyGuard {
  private text = '';
  private released = 0;
  private tripped: string | null = null;

  constructor(private readonly list: ReplyWordList) {}

  /** Everything released so far. */
  get shown(): string {
    return this.text.slice(0, this.released);
  }

  push(chunk: string): GuardStep {
    if (this.tripped) return { release: '', flagged: this.tripped };
    this.text += chunk;
    return this.advance(this.heldFrom());
  }

  /** At the end of the reply: the held tail is settled against the whole text. */
  finish(): GuardStep {
    if (this.tripped) return { release: '', flagged: this.tripped };
    return this.advance(this.text.length);
  }

  /** The listed word anywhere in `text` (for a reply that ended some other way), or null. */
  check(text: string): string | null {
    return this.list.words.find(text);
  }

  private advance(upto: number): GuardStep {
    if (upto <= this.released) return { release: '', flagged: null };
    // No listed word can straddle `upto` (it would have been held), so the checked prefix stands on its own.
    const hit = this.list.words.find(this.text.slice(0, upto));
    if (hit !== null) {
      this.tripped = hit;
      return { release: '', flagged: hit };
    }
    const release = this.text.slice(this.released, upto);
    this.released = upto;
    return { release, flagged: null };
  }

  /** Where the earliest tail that could still become a listed term starts (the text's length when none). */
  private heldFrom(): number {
    const { prefixes, longest } = this.list;
    const t = this.text;
    if (longest === 0) return t.length;
    // Runs of spaces fold to one, so a viable tail can be longer than the term in raw characters.
    const from = Math.max(this.released, t.length - longest * 4);
    for (let s = from; s < t.length; s += 1) {
      const ch = t[s]!;
      const wordStart = WORD_CHAR.test(ch) && (s === 0 || !WORD_CHAR.test(t[s - 1]!));
      if (!wordStart && !UNSPACED.test(ch)) continue;
      if (prefixes.has(fold(t.slice(s)))) return s;
    }
    return t.length;
  }
}
