import type { TurnLine, TurnMaterial } from './types';
import { hashOf, isHanText, sentencesOf, wordsOf } from './words';

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

/** The same kinds, as a player writing in Chinese says them. */
const KINDS_ZH: Array<[Said, RegExp]> = [
  ['greeting', /^(你好|您好|嗨|哈喽|早上好|早安|晚上好|下午好|大家好)/u],
  ['farewell', /(再见|拜拜|晚安|回头见|告辞|先走了)/u],
  ['thanks', /(谢谢|多谢|感谢|谢了)/u],
  ['sorry', /(对不起|抱歉|不好意思|原谅我)/u],
  ['who', /(你是谁|你叫什么|你的名字|介绍一下你|介绍你自己|说说你自己)/u],
  ['feeling', /(你还好|你好吗|你怎么样|你感觉|你没事|你累|你冷|你害怕|你怕)/u],
  ['where', /^(在哪|哪里|哪儿|去哪)/u],
  ['why', /^(为什么|为何|怎么会)/u],
  ['question', /[?？]$|[吗呢吧]$|^(什么|怎么|谁|哪|几|多少|是不是|能不能|可不可以|有没有)/u],
  ['yes', /^(是的|是啊|对|好的|好吧|好|行|可以|当然|没问题|嗯|同意)/u],
  ['no', /^(不|不要|没有|不行|算了|绝不)/u],
  ['action', /^(我|我们|让我|咱们|\*)/u],
];

function kindOf(said: string, zh: boolean): Said {
  const t = said.trim().toLowerCase().replace(/[’']/g, '');
  if (t === '') return 'none';
  return (zh ? KINDS_ZH : KINDS).find(([, cue]) => cue.test(t))?.[0] ?? 'remark';
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

/** The same answers in Chinese; `{，p}` is the player's name with its comma. */
const ANSWERS_ZH: Record<Said, readonly string[]> = {
  none: ['慢慢来{，p}。', '我在听{，p}。', '说下去{，p}。'],
  greeting: ['幸会{，p}。', '啊，你来了{，p}。', '见到你真好{，p}。', '欢迎回来{，p}。'],
  farewell: ['还不是时候{，p}，事情还没完。', '这么快就要走{，p}？再留一会儿吧。', '走之前{，p}，再看一眼四周。'],
  thanks: ['不必道谢{，p}。', '不客气{，p}。', '等这一切结束再谢我吧{，p}。'],
  sorry: ['没什么需要原谅的{，p}。', '别放在心上{，p}。', '已经过去了{，p}。'],
  who: ['你想知道我是谁{，p}？好吧。', '在这里，名字很重要{，p}。', '我就直说了{，p}。'],
  feeling: ['我有过更好的时候{，p}，也有过更糟的时候。', '还算过得去{，p}。', '别担心我{，p}。'],
  where: ['看看你的四周{，p}。', '比你想的更近{，p}。', '睁大眼睛{，p}。'],
  why: ['凡事总有原因{，p}。', '这正是问题的关键{，p}。', '以后再问我吧{，p}。'],
  question: ['问得好{，p}。', '让我想想{，p}。', '我会把我知道的告诉你{，p}。', '这可不好回答{，p}。', '你很会提问{，p}。'],
  yes: ['很好{，p}。', '那我们说定了{，p}。', '我就希望你这么说{，p}。'],
  no: ['随你{，p}。', '再想想吧{，p}。', '那我们就等等{，p}。'],
  action: ['小心{，p}。', '那就去吧{，p}。', '稳住{，p}。', '我看着呢{，p}。', '慢一点{，p}。'],
  remark: ['嗯，我听到了{，p}。', '也许吧{，p}。', '是这样吗{，p}？', '也许你是对的{，p}。', '我倒没这么想过{，p}。'],
};

/** A whole sentence: capitalised and closed by punctuation (a full-width stop in Chinese). */
function sentence(text: string, zh = false): string {
  const t = text.trim();
  if (t === '') return '';
  const first = t.charAt(0).toLocaleUpperCase() + t.slice(1);
  if (/[.!?。！？"”'」』…]$/u.test(first)) return first;
  return zh ? `${first}。` : `${first}.`;
}

/** Runs of three words of `text` (of three characters in unspaced Chinese), to tell whether a sentence would repeat the player's words. */
function triplesOf(text: string, zh = false): Set<string> {
  const words = zh ? [...text].filter((c) => /[\p{L}\p{N}]/u.test(c)) : wordsOf(text);
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
  /** The story is written in Chinese: its lines are unspaced and the storyteller answers in Chinese. */
  zh: boolean;
}

/** Whether a sentence may be said: it repeats no run of three of the player's words. */
function allowed(w: Writer, s: string): boolean {
  for (const t of triplesOf(s, w.zh)) if (w.echo.has(t)) return false;
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

/** A text's sentences, a very short one ("Breathe.", "走。") kept with the one before it so it is never said alone. */
function linesOf(text: string, zh: boolean): string[] {
  const out: string[] = [];
  for (const s of sentencesOf(text)) {
    const short = zh ? [...s].filter((c) => /[\p{L}\p{N}]/u.test(c)).length < 3 : wordsOf(s).length < 3;
    if (out.length > 0 && short) out[out.length - 1] += zh ? s : ` ${s}`;
    else out.push(s);
  }
  return out;
}

/** The player's name as a character would say it; nothing for the default "Player". */
function addressOf(m: TurnMaterial): string {
  const name = m.player.name.trim();
  return name === '' || name === 'Player' || name === '玩家' ? '' : name;
}

/** Whether the story is written in Chinese: the storyteller then answers in Chinese. */
function writtenInChinese(m: TurnMaterial): boolean {
  return isHanText([m.chapter.content, m.introduction, m.speaker.settings, m.speaker.style, m.storyName].join('\n'));
}

export function offlineReply(m: TurnMaterial): string {
  const playerWords = lastPlayerLine(m);
  const zh = writtenInChinese(m);
  const w: Writer = { said: m.history.filter((l) => l.speaker !== 'player').map((l) => l.content), echo: triplesOf(playerWords, zh), zh };
  const isCast = m.characters.some((c) => c.character_id === m.speaker.character_id);
  const kind = kindOf(playerWords, zh);
  const name = addressOf(m);
  const ownName = new Set(wordsOf(m.speaker.name).filter((n) => n.length >= 3));
  // Scene lines that name the speaker read oddly in their own mouth; kept only when there is nothing else.
  const notOwn = (pool: string[]) => pool.filter((s) => !wordsOf(s).some((x) => ownName.has(x)));
  const chapterAll = sentencesOf(m.chapter.content);
  const chapter = notOwn(chapterAll).length > 0 ? notOwn(chapterAll) : chapterAll;
  // The introduction sets the opening scene: heard in the first chapter when the chapter's lines were just said.
  const intro = m.chapter.index === 0 ? notOwn(sentencesOf(m.introduction)) : [];
  const voice = [...linesOf(m.speaker.style, zh), ...linesOf(openingOf(m), zh)];
  const who = sentencesOf(m.speaker.settings)[0];

  // A regeneration (`take`) is written another way; a first writing keeps the seed it always had.
  const seed = hashOf(m.storyName, m.chapter.node_id, m.speaker.character_id, String(m.history.length), kind, ...(m.take ? [`take ${m.take}`] : []));
  const answers = zh
    ? ANSWERS_ZH[kind].map((a) => a.replace('{，p}', name === '' ? '' : `，${name}`)).filter((a) => allowed(w, a))
    : ANSWERS[kind].map((a) => a.replace('{, p}', name === '' ? '' : `, ${name}`)).filter((a) => allowed(w, a));
  const earlier = new Set(w.said);
  let reply = '';
  for (let attempt = 0; attempt < Math.max(1, answers.length); attempt += 1) {
    const parts: Array<string | undefined> = [];
    if (isCast) parts.push(freshest(w, answers, seed + attempt));
    if (isCast && kind === 'who') {
      parts.push(zh ? `我是${m.speaker.name}。` : `I am ${m.speaker.name}.`);
      if (who && lastSaid(w, sentence(who, zh)) < 0) parts.push(who);
      else parts.push(freshest(w, voice, seed >>> 5));
    } else parts.push(freshest(w, voice, (seed >>> 5) + attempt));
    const beat = sceneLine(w, chapter, intro, seed >>> 9);
    parts.push(beat);
    // The narrator has no voice of its own: a second line of the scene instead.
    if (!isCast) parts.push(sceneLine(w, chapter, intro, (seed >>> 13) + attempt, beat));
    reply = parts
      .filter((p): p is string => p !== undefined)
      .map((p) => sentence(p, zh))
      .filter((p) => p !== '')
      .join(zh ? '' : ' ');
    if (!earlier.has(reply)) break;
  }
  if (reply !== '') return reply;
  return zh ? '片刻无言。' : 'A moment passes in silence.';
}
