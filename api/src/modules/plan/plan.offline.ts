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

/*
 * A Chinese idea gets a story written from Chinese patterns, not English ones put into Chinese words: a title such as
 * 灯塔的秘密 or 瓶中信之谜, chapters named 初到灯塔 and 真相, objectives a Chinese player reads as tasks
 * (向林澜问清来信的来历). Chinese has no spaces to find words by, so the idea's place, things and people's roles are
 * looked up in short lists of common words, longest first; names are those the idea gives (名叫沈星河, 一个叫阿月的,
 * or a Latin name it writes), else Chinese names picked by the idea.
 */

/** Places, as the idea may write them, and how the story says them. */
const ZH_PLACES: ReadonlyArray<readonly [string, string]> = [
  ['灯塔', '灯塔'], ['村庄', '村庄'], ['村子', '村子'], ['山村', '山村'], ['小镇', '小镇'], ['古镇', '古镇'], ['城市', '城市'],
  ['京城', '京城'], ['长安', '长安'], ['皇宫', '皇宫'], ['宫殿', '宫殿'], ['王宫', '王宫'], ['王国', '王国'], ['城堡', '城堡'],
  ['森林', '森林'], ['树林', '树林'], ['竹林', '竹林'], ['学校', '学校'], ['校园', '校园'], ['学院', '学院'], ['宿舍', '宿舍'],
  ['图书馆', '图书馆'], ['博物馆', '博物馆'], ['车站', '车站'], ['火车', '火车'], ['列车', '列车'], ['飞船', '飞船'],
  ['空间站', '空间站'], ['星球', '星球'], ['月球', '月球'], ['海岛', '海岛'], ['孤岛', '孤岛'], ['小岛', '小岛'], ['港口', '港口'],
  ['码头', '码头'], ['海边', '海边'], ['海滩', '海滩'], ['大海', '大海'], ['船上', '船'], ['寺庙', '寺庙'], ['古寺', '古寺'],
  ['道观', '道观'], ['宗门', '宗门'], ['江湖', '江湖'], ['客栈', '客栈'], ['酒馆', '酒馆'], ['茶馆', '茶馆'], ['咖啡馆', '咖啡馆'],
  ['书店', '书店'], ['花店', '花店'], ['集市', '集市'], ['医院', '医院'], ['办公室', '办公室'], ['公司', '公司'], ['公寓', '公寓'],
  ['古宅', '古宅'], ['老宅', '老宅'], ['庄园', '庄园'], ['花园', '花园'], ['监狱', '监狱'], ['营地', '营地'], ['基地', '基地'],
  ['废墟', '废墟'], ['遗迹', '遗迹'], ['山谷', '山谷'], ['雪山', '雪山'], ['深山', '深山'], ['沙漠', '沙漠'], ['丛林', '丛林'],
  ['洞穴', '洞穴'], ['矿井', '矿井'], ['农场', '农场'], ['街头', '街头'], ['小巷', '小巷'], ['高塔', '高塔'], ['湖边', '湖边'],
  ['河边', '河边'], ['江南', '江南'], ['边城', '边城'], ['末日', '末日废土'], ['废土', '废土'],
];
/** Things to find and hand over, as the idea may write them (a word or a pattern), and how the story says them. */
const ZH_OBJECTS: ReadonlyArray<readonly [string | RegExp, string]> = [
  ['瓶中信', '瓶中信'], ['漂流瓶', '漂流瓶'], [/(?:一封|封|的|来)信(?![任息号心念仰赖用誓])/g, '来信'], ['信件', '信件'], ['书信', '书信'],
  ['家书', '家书'], ['钥匙', '钥匙'], ['藏宝图', '藏宝图'], ['地图', '地图'], ['宝藏', '宝藏'], ['日记', '日记'], ['照片', '旧照片'],
  ['相片', '旧照片'], ['戒指', '戒指'], ['项链', '项链'], ['玉佩', '玉佩'], ['怀表', '怀表'], ['罗盘', '罗盘'], ['古镜', '古镜'],
  ['镜子', '镜子'], ['宝剑', '宝剑'], ['古剑', '古剑'], ['长剑', '长剑'], ['秘籍', '秘籍'], ['卷轴', '卷轴'], ['古籍', '古籍'],
  ['遗嘱', '遗嘱'], ['契约', '契约'], ['录音', '录音'], ['录像', '录像'], ['手机', '手机'], ['密码', '密码'], ['芯片', '芯片'],
  ['药方', '药方'], ['丹药', '丹药'], ['画像', '画像'], ['古画', '古画'], ['油画', '油画'], ['乐谱', '乐谱'], ['古琴', '古琴'],
  ['灯笼', '灯笼'], ['风筝', '风筝'], ['遗物', '遗物'], ['包裹', '包裹'], ['礼物', '礼物'], ['信物', '信物'], ['相机', '旧相机'], ['笔记本', '笔记本'], ['唱片', '唱片'], ['磁带', '磁带'],
  ['面具', '面具'], ['王冠', '王冠'], ['宝石', '宝石'], ['水晶', '水晶'], ['硬币', '硬币'], ['信封', '信封'], ['车票', '车票'], ['订单', '订单'],
];
/** What a story may be about that is not a thing in hand: a case, a secret, a prophecy. */
const ZH_MATTERS: ReadonlyArray<readonly [string | RegExp, string]> = [
  ['命案', '命案'], ['案件', '案件'], ['案子', '案子'], ['谜团', '谜团'], ['秘密', '秘密'], ['真相', '真相'], ['预言', '预言'],
  ['传说', '传说'], ['诅咒', '诅咒'], ['失踪案', '失踪案'], ['身世', '身世'], ['约定', '约定'], ['婚约', '婚约'], ['承诺', '承诺'],
  ['沉船', '沉船'], ['海难', '海难'], ['怪事', '怪事'], ['阴谋', '阴谋'], ['往事', '往事'], ['记忆', '记忆'],
];
/** People's roles: they say who the hero is, never what the story is about. */
const ZH_ROLES = [
  '灯塔看守人', '看守人', '守塔人', '守夜人', '侦探', '警察', '船长', '水手', '渔夫', '医生', '护士', '老师', '学生', '转学生',
  '士兵', '将军', '骑士', '剑客', '侠客', '书生', '巫师', '女巫', '魔法师', '国王', '女王', '王子', '公主', '皇帝', '掌柜',
  '店主', '老板', '画家', '作家', '记者', '歌手', '猎人', '商人', '旅人', '旅行者', '流浪者', '陌生人', '少女', '少年', '女孩',
  '男孩', '老人', '孤儿', '哥哥', '姐姐', '弟弟', '妹妹', '母亲', '父亲', '女儿', '儿子', '朋友', '邮差', '程序员', '科学家', '机器人', '人工智能',
];
/** Names for the characters of a Chinese idea that names none. */
const ZH_NAMES = ['林澜', '周远', '沈星河', '苏念', '顾青', '陆铭', '叶知秋', '江晚', '唐宁', '许安', '秦朗', '白露'];

/** A word of a list the idea contains: where, how long, and how the story says it. */
interface Hit {
  at: number;
  len: number;
  say: string;
}

/** The words of a list the idea contains, in the order the idea says them (a longer word wins over one inside it). */
function hitsOf(idea: string, words: ReadonlyArray<readonly [string | RegExp, string]>): Hit[] {
  const hits: Hit[] = [];
  for (const [word, say] of words) {
    if (typeof word === 'string') {
      for (let at = idea.indexOf(word); at !== -1; at = idea.indexOf(word, at + 1)) hits.push({ at, len: word.length, say });
    } else {
      for (const m of idea.matchAll(word)) hits.push({ at: m.index, len: m[0].length, say });
    }
  }
  hits.sort((a, b) => a.at - b.at || b.len - a.len);
  const out: Hit[] = [];
  let end = -1;
  for (const h of hits) {
    if (h.at < end) continue;
    end = h.at + h.len;
    out.push(h);
  }
  return out;
}

function found(idea: string, words: ReadonlyArray<readonly [string | RegExp, string]>): string[] {
  return [...new Set(hitsOf(idea, words).map((h) => h.say))];
}

/** The hero's role as the idea says it, next roles joined (少年侦探), and where it is. */
function roleOf(idea: string): Hit | undefined {
  const hits = hitsOf(idea, ZH_ROLES.map((r) => [r, r] as const));
  const first = hits[0];
  if (!first) return undefined;
  let role = { ...first };
  for (const h of hits.slice(1)) {
    if (h.at !== role.at + role.len) break;
    role = { at: role.at, len: role.len + h.len, say: role.say + h.say };
  }
  return role;
}

/** The words after a name and 的 that say who the named one is (名叫阿月的面包师在……): up to the next verb or mark. */
function namedRoleOf(idea: string, name: string | undefined): Hit | undefined {
  if (!name) return undefined;
  const m = new RegExp(`(?:名叫|叫做|名为|名字叫|叫)${name}的([\u4e00-\u9fff]{2,6}?)(?=[在从和与是把被收发开找想要带来去住遇独每，。、！？]|$)`).exec(idea);
  if (!m || m[1] === undefined) return undefined;
  return { at: m.index + m[0].length - m[1].length, len: m[1].length, say: m[1] };
}

/**
 * Someone the idea brings in with 一个, 一位 or 一名 and a word for what they do (一位年轻的飞艇驾驶员): the whole
 * phrase, so retelling puts the hero's name in its place.
 */
function someoneOf(idea: string): Hit | undefined {
  const m = /(?:一个|一位|一名)(?:[\u4e00-\u9fff]{1,4}的)?([\u4e00-\u9fff]{1,5}?(?:员|师|人|者|家|手|匠|官|生|客))(?=[在从和与是把被收发开找想要带来去住遇独每，。、！？]|$)/.exec(idea);
  if (!m || m[1] === undefined) return undefined;
  return { at: m.index, len: m[0].length, say: m[1] };
}

/** A name cue (名叫, 叫做, 名为) and what follows: a name of two or three characters before the next word. */
const ZH_NAME_CUE = /(?:名叫|叫做|名为|名字叫)([\u4e00-\u9fff]{2,4})|叫([\u4e00-\u9fff]{2,3})的/g;
const ZH_AFTER_NAME = /[的在和与是从把被给对说去来收发找要想了着过也都就又跟向为，。]/;

function chineseNames(idea: string): string[] {
  const names: string[] = [];
  for (const m of idea.matchAll(ZH_NAME_CUE)) {
    let name = m[1] ?? m[2] ?? '';
    const stop = Array.from(name).findIndex((ch, i) => i >= 2 && ZH_AFTER_NAME.test(ch));
    if (stop !== -1) name = name.slice(0, stop);
    if (name.length > 3) name = name.slice(0, 3);
    if (!names.includes(name)) names.push(name);
  }
  // A Latin name the idea writes (一个叫Mara的灯塔看守人) is a name too.
  for (const m of idea.matchAll(/[A-Z][a-z]+(?:\s[A-Z][a-z]+)?/g)) if (!names.includes(m[0])) names.push(m[0]);
  return names;
}

/** The idea's first sentence, without its closing mark, for the places the story retells it. */
function firstSentence(idea: string): string {
  const first = sentences(idea.replace(/\s+/g, ' '))[0] ?? idea;
  return cut(first.replace(/[。！？.!?，,；;：:\s]+$/, ''), 120);
}

/** Picks one of a few ways to say a thing, the same one for the same idea. */
const pick = <T>(hash: number, choices: readonly T[], salt = 0): T => choices[(hash + salt * 7) % choices.length]!;

/** An idea that starts by asking for a story (我想写一个……的故事) says nothing a character would retell. */
const ZH_ASKING = /^(?:我想|我要|想要|请|帮我|给我|写一?[个篇部]|来一?[个篇])/;

/** A Chinese idea: the same shape as the English story, written from Chinese patterns. */
function chineseStory(idea: string): GeneratedStory {
  const hash = hashOf(idea);
  const place = found(idea, ZH_PLACES)[0] ?? pick(hash, ['小镇', '海边', '古镇', '山村']);
  const objects = found(idea, ZH_OBJECTS);
  // What the story is about: the idea's first thing or matter; then a thing to find, which can be handed over.
  const about = hitsOf(idea, [...ZH_OBJECTS, ...ZH_MATTERS])[0]?.say ?? pick(hash, ['秘密', '约定', '旧信', '信物']);
  const aboutIsThing = objects.includes(about) || ['旧信', '信物'].includes(about);
  const toFind = objects.find((o) => o !== about) ?? pick(hash, ['信物', '地图', '钥匙', '旧照片'].filter((o) => o !== about), 1);
  const thing0 = about;
  const thing1 = toFind;
  // 往事 is already a matter: "往事的事" would say it twice.
  const matter = thing0.endsWith('事') ? thing0 : `${thing0}的事`;

  const named = chineseNames(idea);
  const names = [...named];
  const startName = hash % ZH_NAMES.length;
  for (let i = 0; names.length < 2; i++) {
    const n = ZH_NAMES[(startName + i) % ZH_NAMES.length]!;
    if (!names.includes(n)) names.push(n);
  }
  const [hero, ally] = [names[0]!, names[1]!];
  const cast = names.slice(0, 3);
  const role = roleOf(idea) ?? namedRoleOf(idea, named[0]) ?? (named.length === 0 ? someoneOf(idea) : undefined);
  const heroIs = !role ? '这个故事的主角' : role.say.includes(place) ? role.say : `${place}的${role.say}`;
  // The idea speaks of its hero by role (一个灯塔看守人……, 名叫沈星河的少年侦探……): retold, the hero is called by name.
  let told = idea;
  if (role) {
    const cue = named.length === 0 ? '' : `(?:名叫|叫做|名为|名字叫|叫)${hero}的`;
    const lead = new RegExp(`(?:一个|一位|一名|某个|有个|有一个|有一位)?${cue}$`).exec(idea.slice(0, role.at));
    if (lead) told = idea.slice(0, lead.index) + hero + idea.slice(role.at + role.len);
  }
  const first = ZH_ASKING.test(told.trim()) ? '' : `${firstSentence(told)}。`;
  const thing = (i: number): string => (i === 1 ? thing1 : thing0);
  // 秘密之谜 and 真相之谜 say one thing twice: a secret or a truth gets a place's name instead.
  const mystery = ['秘密', '谜团', '真相', '往事'].includes(thing0) ? `${place}${thing0}` : `${thing0}之谜`;
  const storyName = pick(hash, [`${place}的${thing0}`, mystery, `${place}往事`, `${place}${thing0}`]);
  const chapterNames = [
    pick(hash, [`初到${place}`, `${place}来客`, `夜访${place}`], 1),
    pick(hash, [`${thing1}的下落`, `追寻${thing1}`, `${ally}的秘密`], 2),
    pick(hash, [`${thing0}的真相`, '最后的选择', '尘埃落定'], 3),
  ];
  const chapters = [
    {
      name: cut(chapterNames[0]!, LIMITS.plotTitle),
      content: cut(`在${place}，${hero}正等着玩家到来。${first}关于${thing0}，${hero}知道的比说出口的多，而${ally}就在不远处。`, LIMITS.plotContent),
      ending_content: cut(`向${hero}问清${thing0}${aboutIsThing ? '的来历' : '的来龙去脉'}。`, LIMITS.plotEnding),
      scene: cut(`${place}，${hero}在此等候`, LIMITS.aiPrompt),
    },
    {
      name: cut(chapterNames[1]!, LIMITS.plotTitle),
      content: cut(`${thing0}的线索指向了${ally}。${ally}一直把${thing1}藏在身边，只肯交给${hero}信得过的人。`, LIMITS.plotContent),
      ending_content: cut(`和${ally}一起找到${thing1}。`, LIMITS.plotEnding),
      scene: cut(`${ally}藏着${thing1}的地方`, LIMITS.aiPrompt),
    },
    {
      name: cut(chapterNames[2]!, LIMITS.plotTitle),
      content: cut(`${thing1}到手，${thing0}背后的一切终于水落石出。接下来怎么做，由${hero}决定，而玩家的话举足轻重。`, LIMITS.plotContent),
      ending_content: cut(`把${thing1}交到${hero}手中。`, LIMITS.plotEnding),
      scene: cut(`故事尾声的${place}`, LIMITS.aiPrompt),
    },
  ];
  return {
    story_name: cut(storyName, LIMITS.storyName),
    introduction: cut(idea.trim(), LIMITS.introduction),
    summary: cut(idea.replace(/\s+/g, ' ').trim(), LIMITS.summary),
    characters: cast.map((name, i) => ({
      character_name: cut(name, LIMITS.characterName),
      settings: cut(
        i === 0
          ? `${name}是${heroIs}。${first}${name}放不下${matter}，说话直来直去。`
          : `${name}是${hero}的旧识，一直守着${thing(i)}。${name}对陌生人很警惕，可一旦信任了，就会一直站在你这边。`,
        LIMITS.characterSettings,
      ),
      style: cut(i === 0 ? `“${thing0}改变了一切。你愿意帮我吗？”` : '“慢着，是谁让你来的？”', LIMITS.characterStyle),
      appearance: cut(i === 0 ? `${name}，${heroIs}，身在${place}` : `${name}，${hero}的旧识，身在${place}`, LIMITS.aiPrompt),
    })),
    player: { character_name: '', settings: cut(`初到${place}的新人，受${hero}之托前来帮忙。`, LIMITS.playerSettings) },
    prologue: {
      speaker_name: hero,
      content: cut(pick(hash, [`你终于来了。${matter}不对劲，我一个人应付不了。`, `你来了就好。${matter}，我只敢告诉你。`]), LIMITS.prologue),
    },
    nodes: chapters,
  };
}

export function offlineStoryFromIdea(idea: string): GeneratedStory {
  return CJK.test(idea) ? chineseStory(idea) : englishStory(idea);
}
