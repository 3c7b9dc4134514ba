import { LIMITS, type GeneratedStory } from 'shared-kit';

/**
 * The offline storyteller's brainstorm: a whole story made from the idea's own words, with no model. Names come
 * from the idea's capitalised words (or, failing those, from a list of given names, picked by the idea); the key
 * words become the things the chapters are about, and each chapter has content, an objective the player can do,
 * and a scene. Deterministic: the same idea always gives the same story.
 */

const STOP = new Set(
  (
    'a an the and or but if then so of in on at to from by with without for about into onto over under after before ' +
    'is are was were be been being am do does did has have had will would can could should may might must shall ' +
    'this that these those there here it its he she they them his her their we our you your i me my mine who whom ' +
    'which what when where why how not no yes all any some each every one two three very just only also than too ' +
    'story idea want wants make makes made write about like get gets got finds find found need needs'
  ).split(' '),
);
const PLACES = new Set(
  ('lighthouse village city forest castle school station ship island house town library academy kingdom harbor ' +
    'harbour palace temple market mountain desert planet moon station office hospital garden river lake sea ocean ' +
    'street tower cave mine farm inn tavern manor museum prison camp base colony ruins valley jungle shore beach').split(' '),
);
const ROLES = new Set(
  ('keeper brother sister mother father daughter son friend king queen prince princess detective captain doctor ' +
    'teacher student soldier knight wizard witch girl woman man stranger traveler traveller hero villain child').split(' '),
);
const CJK = /[\u3400-\u9fff]/;
/** Names for the characters of an English idea that names none. */
const GIVEN_NAMES = ['Mara', 'Elias', 'Iris', 'Tobin', 'Selene', 'Rowan', 'Nadia', 'Felix', 'Ada', 'Jonah', 'Lena', 'Silas'];
/** A small stable hash of a text (FNV-1a), so an idea always picks the same names. */
const hashOf = (text: string): number => {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return h;
};

const title = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
const cut = (s: string, max: number): string => {
  const chars = Array.from(s.trim());
  if (chars.length <= max) return s.trim();
  const slice = chars.slice(0, max - 1).join('');
  const space = slice.lastIndexOf(' ');
  return `${(space > max / 2 ? slice.slice(0, space) : slice).replace(/[\s,;:.]+$/, '')}…`;
};
const sentences = (text: string): string[] =>
  text
    .split(/(?<=[.!?。！？])\s*|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);

interface Material {
  names: string[];
  things: string[];
  place: string;
  first: string;
}

function englishMaterial(idea: string): Material {
  const words = idea.match(/[A-Za-z][A-Za-z'-]*/g) ?? [];
  const names: string[] = [];
  for (const match of idea.matchAll(/[A-Za-z][A-Za-z'-]*/g)) {
    const w = match[0];
    const before = idea.slice(0, match.index).trimEnd();
    const sentenceStart = before === '' || /[.!?]$/.test(before);
    if (/^[A-Z][a-z]+$/.test(w) && !STOP.has(w.toLowerCase()) && !sentenceStart && !names.includes(w)) names.push(w);
  }
  const counts = new Map<string, number>();
  for (const w of words) {
    const k = w.toLowerCase().replace(/'s$/, '');
    // Verbs and adverbs by their endings (named, coming, slowly): the things of a story are nouns.
    if (k.length < 4 || STOP.has(k) || names.includes(title(k)) || /(?:ed|ing|ly)$/.test(k)) continue;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  // Places and people's roles make poor things to find: the place sets the scene, roles name nobody.
  const place = ranked.find((w) => PLACES.has(w)) ?? 'town';
  const things = ranked.filter((w) => !PLACES.has(w) && !ROLES.has(w));
  return { names, things, place, first: sentences(idea)[0] ?? idea };
}

/** The English story. */
function englishStory(idea: string): GeneratedStory {
  const m = englishMaterial(idea);
  const things = m.things.filter((t) => t !== m.place);
  const thing = (i: number): string => things[i % Math.max(1, things.length)] ?? ['secret', 'promise', 'key'][i % 3]!;
  // An idea that names nobody gets people's names, not its nouns: characters called Message and Bottle in a story
  // called "Message and the Message" read as a fault. The names are picked from the idea, so it stays deterministic.
  const names = [...m.names];
  const start = hashOf(idea) % GIVEN_NAMES.length;
  for (let i = 0; names.length < 2; i++) {
    const n = GIVEN_NAMES[(start + i) % GIVEN_NAMES.length]!;
    if (!names.includes(n)) names.push(n);
  }
  const [hero, ally] = [names[0]!, names[1]!];
  const cast = names.slice(0, 3);
  const chapterWords = [...new Set([m.place, thing(0), thing(1)].map(title))];
  while (chapterWords.length < 3) chapterWords.push(['Beginning', 'Turn', 'Ending'][chapterWords.length]!);
  const storyName = cut(things[0] ? `${hero} and the ${title(thing(0))}` : `${hero}'s Story`, LIMITS.storyName);
  const intro = cut(m.first, LIMITS.introduction);
  const chapters = [
    {
      name: cut(chapterWords[0]!.replace(/\s+/g, ''), LIMITS.plotTitle),
      content: cut(
        `At the ${m.place}, ${hero} waits for the player. ${m.first} ${hero} knows more about the ${thing(0)} than they say, and ${ally} is close by.`,
        LIMITS.plotContent,
      ),
      ending_content: cut(`Ask ${hero} about the ${thing(0)}.`, LIMITS.plotEnding),
      scene: cut(`The ${m.place}, where ${hero} waits`, LIMITS.aiPrompt),
    },
    {
      name: cut(chapterWords[1]!.replace(/\s+/g, ''), LIMITS.plotTitle),
      content: cut(
        `The ${thing(0)} leads to ${ally}. ${ally} has kept the ${thing(1)} hidden and will share it only with someone ${hero} trusts.`,
        LIMITS.plotContent,
      ),
      ending_content: cut(`Find the ${thing(1)} with ${ally}.`, LIMITS.plotEnding),
      scene: cut(`Where ${ally} keeps the ${thing(1)}`, LIMITS.aiPrompt),
    },
    {
      name: cut(chapterWords[2]!.replace(/\s+/g, ''), LIMITS.plotTitle),
      content: cut(
        `With the ${thing(1)} in hand, everything about the ${thing(0)} comes together. ${hero} must decide what happens next, and the player's word counts.`,
        LIMITS.plotContent,
      ),
      ending_content: cut(`Give the ${thing(1)} to ${hero}.`, LIMITS.plotEnding),
      scene: cut(`The ${m.place} at the end of the story`, LIMITS.aiPrompt),
    },
  ];
  return {
    story_name: storyName,
    introduction: intro,
    summary: cut(idea.replace(/\s+/g, ' '), LIMITS.summary),
    characters: cast.map((name, i) => ({
      character_name: cut(name, LIMITS.characterName),
      settings: cut(
        i === 0
          ? `${name} is at the heart of this story. ${m.first} ${name} cares about the ${thing(0)} and speaks plainly.`
          : `${name} knows ${hero} well and keeps watch over the ${thing(i)}. ${name} is careful with strangers but loyal once trusted.`,
        LIMITS.characterSettings,
      ),
      style: cut(i === 0 ? `"The ${thing(0)} changed everything. Will you help me?"` : `"Not so fast. Who sent you?"`, LIMITS.characterStyle),
      appearance: cut(`${name}, a character of a story about the ${thing(0)}, at the ${m.place}`, LIMITS.aiPrompt),
    })),
    player: { character_name: '', settings: cut(`A newcomer to the ${m.place} whom ${hero} asks for help.`, LIMITS.playerSettings) },
    prologue: {
      speaker_name: hero,
      content: cut(`You came. Something about the ${thing(0)} is wrong, and I cannot face it alone.`, LIMITS.prologue),
    },
    nodes: chapters,
  };
}

/** A Chinese idea: the same shape, with names and things taken from its own phrases. */
function chineseStory(idea: string): GeneratedStory {
  const clauses = idea.split(/[，。！？；、,.!?\s]+/).map((s) => s.trim()).filter(Boolean);
  const key = (i: number): string => Array.from(clauses[i % clauses.length] ?? '故事').slice(0, 6).join('');
  const hero = '林澜';
  const ally = '周远';
  const first = cut(clauses.slice(0, 2).join('，') || idea, 120);
  return {
    story_name: cut(`${key(0)}`, LIMITS.storyName),
    introduction: cut(idea, LIMITS.introduction),
    summary: cut(idea, LIMITS.summary),
    characters: [
      { character_name: hero, settings: cut(`${hero}是这个故事的中心人物。${first}。`, LIMITS.characterSettings), style: '“你终于来了，我需要你的帮助。”', appearance: cut(`${hero}，${key(0)}`, LIMITS.aiPrompt) },
      { character_name: ally, settings: cut(`${ally}是${hero}的旧识，守着关于${key(1)}的秘密。`, LIMITS.characterSettings), style: '“先告诉我，是谁让你来的？”', appearance: cut(`${ally}，${key(1)}`, LIMITS.aiPrompt) },
    ],
    player: { character_name: '', settings: cut(`被${hero}请来帮忙的新人。`, LIMITS.playerSettings) },
    prologue: { speaker_name: hero, content: cut(`你来了。关于${key(0)}的事，我一个人应付不了。`, LIMITS.prologue) },
    nodes: [
      { name: '开端', content: cut(`${first}。${hero}在等待玩家。`, LIMITS.plotContent), ending_content: cut(`向${hero}询问${key(0)}。`, LIMITS.plotEnding), scene: cut(key(0), LIMITS.aiPrompt) },
      { name: '转折', content: cut(`线索指向${ally}，${ally}知道${key(1)}的下落。`, LIMITS.plotContent), ending_content: cut(`和${ally}一起找到${key(1)}。`, LIMITS.plotEnding), scene: cut(key(1), LIMITS.aiPrompt) },
      { name: '结局', content: cut(`一切真相大白，${hero}要做出选择。`, LIMITS.plotContent), ending_content: cut(`把${key(1)}交给${hero}。`, LIMITS.plotEnding), scene: cut(key(2), LIMITS.aiPrompt) },
    ],
  };
}

export function offlineStoryFromIdea(idea: string): GeneratedStory {
  return CJK.test(idea) ? chineseStory(idea) : englishStory(idea);
}
