import { LIMITS, STORY_SHORT_TEXT_CAP, type GeneratedBranchingStory, type GeneratedStory } from 'shared-kit';
import { offlineStoryFromIdea } from './plan.offline';

/**
 * The brainstorm's branching outline (issue 29, point 5). An idea that asks for a choice, several endings or a
 * branch ("with a choice", "two endings", "branching", "if the player…", 有一个选择, 两个结局, 分支, 如果玩家…) gets an
 * outline with one choice and two endings, or as many endings as it asks for (at most four). Otherwise the outline
 * is today's line of chapters.
 */

export type Outline = { branching: false } | { branching: true; endings: number };

/** What a writer may return: a line of chapters or a branching outline. */
export type WrittenStory = GeneratedStory | GeneratedBranchingStory;

export const MIN_ENDINGS = 2;
export const MAX_ENDINGS = 4;

const EN_COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, multiple: 3, several: 3, many: 3, different: 2 };
const ZH_COUNTS: Record<string, number> = { 两: 2, 二: 2, 2: 2, 三: 3, 3: 3, 四: 4, 4: 4, 多: 3, 几: 3 };

const EN_BRANCH = /\b(?:with (?:a|one|some) (?:real )?choices?|branch(?:ing|es|ed)?|if the player|the player (?:must )?(?:chooses|decides|choose|decide))\b/i;
const ZH_BRANCH = /(?:一个|有|带|带有|包含|做出|面临)(?:一个)?(?:关键)?(?:的)?选择|分支|如果玩家|假如玩家|若玩家|要是玩家|玩家(?:可以)?(?:选择|决定)/;

const clampEndings = (n: number): number => Math.min(MAX_ENDINGS, Math.max(MIN_ENDINGS, n));

/** The outline an idea asks for. */
export function outlineOf(idea: string): Outline {
  const en = /\b(two|three|four|multiple|several|many|different|\d+)\s+(?:different\s+|possible\s+)?endings\b/i.exec(idea);
  if (en) return { branching: true, endings: clampEndings(EN_COUNTS[en[1]!.toLowerCase()] ?? Number(en[1])) };
  const zh = /([两二三四多几]|\d+)\s*(?:个|种)?(?:不同的?)?结局/.exec(idea);
  if (zh) return { branching: true, endings: clampEndings(ZH_COUNTS[zh[1]!] ?? (Number(zh[1]) || 2)) };
  if (EN_BRANCH.test(idea) || ZH_BRANCH.test(idea)) return { branching: true, endings: MIN_ENDINGS };
  return { branching: false };
}

const cut = (s: string, max: number): string => (Array.from(s).length <= max ? s : `${Array.from(s).slice(0, max - 1).join('')}…`);
const CJK = /[\u3400-\u9fff]/;

interface Ending {
  type: 'Success' | 'Fail';
  name: string;
  option: string;
  text: string;
}

/**
 * The offline storyteller's branching outline: the idea's line story, its last chapter reached only by one option
 * of a choice placed before it, with one variable, trust. The second scene's director rule adds 1 when the player
 * promises to help the hero; the first option adds 1 more (a Variable assignment) and plays the last chapter, after
 * which a judge on trust decides: 2 or more ends well, less ends badly. The second option ends the play at once,
 * badly; a third and a fourth (when asked for) end it another way. Deterministic, as the line story is.
 */
export function offlineBranchingFromIdea(idea: string, endings: number): GeneratedBranchingStory {
  const line = offlineStoryFromIdea(idea);
  const zh = CJK.test(idea);
  const [first, second, last] = [line.nodes[0]!, line.nodes[1]!, line.nodes[2]!];
  const hero = line.characters[0]!.character_name;
  const ally = line.characters[1]?.character_name ?? hero;
  const all: Ending[] = zh
    ? [
        { type: 'Success', name: '圆满结局', option: cut(last.ending_content.replace(/。$/, ''), 60), text: `你和${hero}一起把事情做完了。风波过去，${hero}终于可以放下心来。` },
        { type: 'Fail', name: '遗憾结局', option: '转身离开，把一切留给自己', text: `你转身离开，${hero}只能独自面对。机会就这样错过了。` },
        { type: 'Success', name: '另一条路', option: `把一切告诉${ally}`, text: `${ally}接过了担子。事情换了一种方式圆满收场，${hero}也松了一口气。` },
        { type: 'Fail', name: '迟疑', option: '再等等，什么也不做', text: '你犹豫得太久，时机已经过去。这个故事停在了这里。' },
      ]
    : [
        { type: 'Success', name: 'GoodEnding', option: cut(last.ending_content.replace(/\.$/, ''), 60), text: `Together with ${hero}, you see it through. The storm passes, and ${hero} can rest at last.` },
        { type: 'Fail', name: 'BadEnding', option: 'Walk away and keep it to yourself', text: `You walk away, and ${hero} faces it alone. The chance is lost.` },
        { type: 'Success', name: 'AnotherWay', option: `Tell ${ally} everything`, text: `${ally} takes it from here. It ends well another way, and ${hero} is glad of it.` },
        { type: 'Fail', name: 'TooLate', option: 'Wait and do nothing', text: 'You wait too long, and the moment passes. The story stops here.' },
      ];
  const chosen = all.slice(0, Math.min(MAX_ENDINGS, Math.max(MIN_ENDINGS, endings)));
  const choice = {
    node_id: 'choice',
    node_type: 'ChoiceContent' as const,
    name: zh ? '抉择' : 'Choice',
    content: cut(zh ? `一切都摆在眼前，${hero}等着你的决定。接下来怎么做？` : `Everything is in front of you now, and ${hero} waits for your decision. What do you do?`, LIMITS.plotContent),
    ending_content: '',
    scene: '',
    options: chosen.map((e, i) => ({ option_id: `option${i + 1}`, text: e.option })),
  };
  const scene = (id: string, n: GeneratedStory['nodes'][number]) => ({ node_id: id, node_type: 'NormalContent' as const, ...n });
  const trust = zh ? '信任' : 'trust';
  const promise = {
    rule_id: 'promise',
    variable: trust,
    op: 'add' as const,
    value: 1,
    when: cut(zh ? `玩家答应帮助${hero}` : `the player promises to help ${hero}`, STORY_SHORT_TEXT_CAP),
  };
  const assign = { node_id: 'assign', node_type: 'VariableAssignment' as const, name: zh ? '更加信任' : 'MoreTrust', content: '', ending_content: '', scene: '', assignments: [{ variable: trust, op: 'add' as const, value: 1 }] };
  const judge = { node_id: 'judge', node_type: 'JudgeContent' as const, name: zh ? '信任够吗' : 'EnoughTrust', content: '', ending_content: '', scene: '', routes: [{ route_id: 'trusted', condition: { variable: trust, op: 'ge' as const, value: 2 } }] };
  const ends = chosen.map((e, i) => ({
    node_id: `ending${i + 1}`,
    node_type: e.type,
    name: e.name,
    content: cut(e.text, LIMITS.plotContent),
    ending_content: '',
    scene: '',
  }));
  return {
    ...line,
    variables: [{ name: trust, kind: 'Integer', initial: 0, min: 0, max: 3, visible: true, label: zh ? '信任' : 'Trust' }],
    nodes: [scene('scene1', first), { ...scene('scene2', second), rules: [promise] }, choice, assign, scene('scene3', last), judge, ...ends],
    edges: [
      { edge_id: 'e1', source: 'scene1', target: 'scene2', handle: 'next' },
      { edge_id: 'e2', source: 'scene2', target: 'choice', handle: 'next' },
      { edge_id: 'e3', source: 'choice', target: 'assign', handle: 'option1' },
      { edge_id: 'e4', source: 'assign', target: 'scene3', handle: 'next' },
      { edge_id: 'e5', source: 'scene3', target: 'judge', handle: 'next' },
      { edge_id: 'e6', source: 'judge', target: 'ending1', handle: 'trusted' },
      { edge_id: 'e7', source: 'judge', target: 'ending2', handle: 'otherwise' },
      ...chosen.slice(1).map((_, i) => ({ edge_id: `e${i + 8}`, source: 'choice', target: `ending${i + 2}`, handle: `option${i + 2}` })),
    ],
  };
}
