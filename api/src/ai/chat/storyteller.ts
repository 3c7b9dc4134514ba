import type { TurnLine, TurnMaterial } from './types';
import { hashOf, sentencesOf, wordsOf } from './words';

/**
 * The offline storyteller's replies: whole sentences from the story's own material, in the voice of the character
 * answering. An answer to the kind of thing the player said (never their words), then a line of the speaker's own
 * (dialogue examples, opening line, who they are) and one of the chapter's scene. Sentences least recently said in
 * the conversation come first, so ten turns do not repeat. Only the current chapter is used: never its objective,
 * never a later chapter, never the story's summary.
 */

/** What kind of thing the player said, so the reply answers it without repeating it. */
type Said =
  | 'none' | 'greeting' | 'farewell' | 'thanks' | 'sorry' | 'who' | 'feeling' | 'where' | 'why'
  | 'question' | 'yes' | 'no' | 'action' | 'remark';

const KINDS: Array<[Said, RegExp]> = [
  ['greeting', /^(hi|hello|hey|good (morning|evening|afternoon|day)|greetings|howdy)\b/],
  ['farewell', /\b(bye|goodbye|farewell|good night|see you)\b/],
  ['thanks', /\b(thank|thanks|cheers)\b/],
  ['sorry', /\b(sorry|apologi[sz]e|forgive me)\b/],
  ['who', /\b(who are you|your name|about yourself|introduce yourself)\b/],
  ['feeling', /\b(how are you|how do you feel|are you (ok|okay|alright|well|cold|tired|afraid|scared))\b/],
  ['where', /^where\b/],
  ['why', /^why\b/],
  ['question', /\?$|^(what|when|which|how|is|are|am|can|could|do|does|did|will|would|should|shall|may|have|has)\b/],
  ['yes', /^(yes|yeah|yep|ok|okay|sure|alright|all right|of course|agreed)\b/],
  ['no', /^(no|nope|never|not now)\b/],
  ['action', /^(i|we|let me|let us|lets)\b|^\*/],
];

function kindOf(said: string): Said {
  const t = said.trim().toLowerCase().replace(/[’']/g, '');
  if (t === '') return 'none';
  return KINDS.find(([, cue]) => cue.test(t))?.[0] ?? 'remark';
}

/** How a character answers each kind; `{p}` is the player's name (left out with its comma when there is none). */
const ANSWERS: Record<Said, readonly string[]> = {
  none: ['Take your time{, p}.', 'I am listening{, p}.', 'Go on{, p}.'],
  greeting: ['Well met{, p}.', 'Ah, there you are{, p}.', 'Good to see you{, p}.', 'Welcome back{, p}.'],
  farewell: ['Not yet{, p}. We are not done here.', 'Leaving so soon{, p}? Stay a while.', 'Before you go{, p}, look around once more.'],
  thanks: ['No need for thanks{, p}.', 'You are welcome{, p}.', 'Thank me when this is over{, p}.'],
  sorry: ['There is nothing to forgive{, p}.', 'Never mind that{, p}.', 'It is forgotten{, p}.'],
  who: ['You want to know who I am{, p}? Very well.', 'Names matter here{, p}.', 'I will tell you plainly{, p}.'],
  feeling: ['I have been better{, p}, and I have been worse.', 'Well enough{, p}, all things considered.', 'Do not worry about me{, p}.'],
  where: ['Look around you{, p}.', 'Closer than you think{, p}.', 'Keep your eyes open{, p}.'],
  why: ['There is always a reason{, p}.', 'That is the heart of it{, p}.', 'Ask me again later{, p}.'],
  question: ['A fair question{, p}.', 'Let me think about that{, p}.', 'I will tell you what I know{, p}.', 'That is not simple to answer{, p}.', 'You ask good questions{, p}.'],
  yes: ['Good{, p}.', 'Then we agree{, p}.', 'I hoped you would say so{, p}.'],
  no: ['As you wish{, p}.', 'Think it over{, p}.', 'Then we wait{, p}.'],
  action: ['Careful{, p}.', 'Go on, then{, p}.', 'Steady now{, p}.', 'I am watching{, p}.', 'Take it slowly{, p}.'],
  remark: ['Hm. I hear you{, p}.', 'Perhaps{, p}.', 'Is that so{, p}?', 'Maybe you are right{, p}.', 'I had not thought of it that way{, p}.'],
};

/** A whole sentence: capitalised and closed by punctuation. */
function sentence(text: string): string {
  const t = text.trim();
  if (t === '') return '';
  const first = t.charAt(0).toLocaleUpperCase() + t.slice(1);
  return /[.!?。！？"”']$/u.test(first) ? first : `${first}.`;
}

/** Runs of three words of `text`, to tell whether a sentence would repeat the player's words. */
function triplesOf(text: string): Set<string> {
  const words = wordsOf(text);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= words.length; i += 1) out.add(words.slice(i, i + 3).join(' '));
  return out;
}

/** What the player said last (the message being answered). */
export function lastPlayerLine(m: TurnMaterial): string {
  for (let i = m.history.length - 1; i >= 0; i -= 1) if (m.history[i]!.speaker === 'player') return m.history[i]!.content;
  return '';
}

/** The speaker's opening line, when the conversation still starts with it. */
function openingOf(m: TurnMaterial): string {
  const first: TurnLine | undefined = m.history[0];
  return first && first.speaker !== 'player' && first.name === m.speaker.name ? first.content : '';
}

interface Writer {
  /** Non-player lines of the conversation, oldest first. */
  said: readonly string[];
  /** The player's last words, in runs of three. */
  echo: ReadonlySet<string>;
}

/** Whether a sentence may be said: it repeats no run of three of the player's words. */
function allowed(w: Writer, s: string): boolean {
  for (const t of triplesOf(s)) if (w.echo.has(t)) return false;
  return true;
}

/** The newest line of the conversation that holds the sentence (-1 when never said). */
function lastSaid(w: Writer, s: string): number {
  for (let i = w.said.length - 1; i >= 0; i -= 1) if (w.said[i]!.includes(s)) return i;
  return -1;
}

/** Of the sentences allowed, one of those said least recently, chosen by the seed. */
function freshest(w: Writer, pool: readonly string[], seed: number, besides?: string): string | undefined {
  const ok = [...new Set(pool)].filter((s) => s !== besides && allowed(w, s));
  if (ok.length === 0) return undefined;
  const ages = ok.map((s) => lastSaid(w, s));
  const oldest = Math.min(...ages);
  const candidates = ok.filter((_, i) => ages[i] === oldest);
  return candidates[seed % candidates.length];
}

/** A line of the chapter's scene, or of the introduction when every line of the chapter was said in the last two. */
function sceneLine(w: Writer, chapter: readonly string[], intro: readonly string[], seed: number, besides?: string): string | undefined {
  const line = freshest(w, chapter, seed, besides);
  const at = line === undefined ? -1 : lastSaid(w, line);
  const recent = at >= 0 && at >= w.said.length - 2;
  return (recent || line === undefined ? freshest(w, intro, seed, besides) : undefined) ?? line;
}

/** A text's sentences, a very short one ("Breathe.") kept with the one before it so it is never said alone. */
function linesOf(text: string): string[] {
  const out: string[] = [];
  for (const s of sentencesOf(text)) {
    if (out.length > 0 && wordsOf(s).length < 3) out[out.length - 1] += ` ${s}`;
    else out.push(s);
  }
  return out;
}

/** The player's name as a character would say it; nothing for the default "Player". */
function addressOf(m: TurnMaterial): string {
  const name = m.player.name.trim();
  return name === '' || name === 'Player' ? '' : name;
}

export function offlineReply(m: TurnMaterial): string {
  const playerWords = lastPlayerLine(m);
  const w: Writer = { said: m.history.filter((l) => l.speaker !== 'player').map((l) => l.content), echo: triplesOf(playerWords) };
  const isCast = m.characters.some((c) => c.character_id === m.speaker.character_id);
  const kind = kindOf(playerWords);
  const name = addressOf(m);
  const ownName = new Set(wordsOf(m.speaker.name).filter((n) => n.length >= 3));
  // Scene lines that name the speaker read oddly in their own mouth; kept only when there is nothing else.
  const notOwn = (pool: string[]) => pool.filter((s) => !wordsOf(s).some((x) => ownName.has(x)));
  const chapterAll = sentencesOf(m.chapter.content);
  const chapter = notOwn(chapterAll).length > 0 ? notOwn(chapterAll) : chapterAll;
  // The introduction sets the opening scene: heard in the first chapter when the chapter's lines were just said.
  const intro = m.chapter.index === 0 ? notOwn(sentencesOf(m.introduction)) : [];
  const voice = [...linesOf(m.speaker.style), ...linesOf(openingOf(m))];
  const who = sentencesOf(m.speaker.settings)[0];

  const seed = hashOf(m.storyName, m.chapter.node_id, m.speaker.character_id, String(m.history.length), kind);
  const answers = ANSWERS[kind].map((a) => a.replace('{, p}', name === '' ? '' : `, ${name}`)).filter((a) => allowed(w, a));
  const earlier = new Set(w.said);
  let reply = '';
  for (let attempt = 0; attempt < Math.max(1, answers.length); attempt += 1) {
    const parts: Array<string | undefined> = [];
    if (isCast) parts.push(freshest(w, answers, seed + attempt));
    if (isCast && kind === 'who') {
      parts.push(`I am ${m.speaker.name}.`);
      if (who && lastSaid(w, sentence(who)) < 0) parts.push(who);
      else parts.push(freshest(w, voice, seed >>> 5));
    } else parts.push(freshest(w, voice, (seed >>> 5) + attempt));
    const beat = sceneLine(w, chapter, intro, seed >>> 9);
    parts.push(beat);
    // The narrator has no voice of its own: a second line of the scene instead.
    if (!isCast) parts.push(sceneLine(w, chapter, intro, (seed >>> 13) + attempt, beat));
    reply = parts.filter((p): p is string => p !== undefined).map(sentence).filter((p) => p !== '').join(' ');
    if (!earlier.has(reply)) break;
  }
  return reply === '' ? 'A moment passes in silence.' : reply;
}
