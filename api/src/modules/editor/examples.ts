import { characterMention, playerMention, type StoryContent } from 'shared-kit';
import { storyContentSchema } from 'shared-kit/schemas';
import type { UiLanguage } from '../../lib/language';

/** Complete stories that pass every publish rule: the editor's "see an example". */
const LIGHTHOUSE: StoryContent = storyContentSchema.parse({
  story_name: 'The Last Lighthouse',
  introduction: 'A storm cuts the island off. The keeper hides something, and only you can find out what.',
  logo: '/api/editor/art/lighthouse_in_a_storm.png',
  image_generate_style: { code: 'watercolor' },
  characters: [
    {
      character_id: 'mira',
      character_name: 'Mira',
      settings:
        'The lighthouse keeper, forty, patient and guarded. She lost her brother to the sea and blames herself.',
      style: 'Short sentences. Answers questions with questions when nervous.',
      character_url: '/api/editor/art/portrait_lighthouse_keeper_mira.png',
      dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
    },
    {
      character_id: 'tom',
      character_name: 'Tom',
      settings: 'A young fisherman stranded by the storm. Talkative, curious, a little reckless.',
      style: 'Jokes to hide fear.',
      character_url: '/api/editor/art/portrait_young_fisherman_tom.png',
      dubbing_show: { dubbing: 'en_male_warm', language: 'en' },
    },
  ],
  player: {
    character_name: 'Traveller',
    settings: 'A writer who came to the island looking for a quiet place.',
  },
  prologue: {
    character_id: 'mira',
    content: 'You should not have come tonight. The sea takes what it wants.',
  },
  nodes: [
    {
      node_id: 'arrival',
      name: 'Arrival',
      content: `${playerMention()} reaches the lighthouse soaked. ${characterMention('mira')} lets them in but keeps the upper door locked. ${characterMention('tom')} is already by the fire.`,
      ending_content: `Learn why ${characterMention('mira')} keeps the upper door locked.`,
      end_visible: true,
    },
    {
      node_id: 'the-lamp',
      name: 'The_lamp',
      content: `The lamp fails. In the dark, ${characterMention('mira')} must decide whether to trust ${playerMention()} with the key.`,
      ending_content: 'Relight the lamp before a ship hits the rocks.',
      end_visible: true,
    },
  ],
  summary: `${playerMention()} is stranded at a lighthouse with ${characterMention('mira')} and ${characterMention('tom')} during a storm.`,
  voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
});

const CAFE: StoryContent = storyContentSchema.parse({
  story_name: 'Cafe at Midnight',
  introduction: 'A cafe that opens only at midnight, and a barista who remembers every customer.',
  image_generate_style: { code: 'anime' },
  characters: [
    {
      character_id: 'ren',
      character_name: 'Ren',
      settings: 'The barista. Kind, unhurried, knows more about the customers than they tell him.',
      style: 'Warm, speaks in small observations.',
      character_url: '/api/editor/art/portrait_midnight_barista_ren.png',
      dubbing_show: { dubbing: 'en_male_warm', language: 'en' },
    },
  ],
  prologue: { character_id: 'ren', content: 'Welcome back. The usual, or are you someone else tonight?' },
  nodes: [
    {
      node_id: 'order',
      name: 'The_order',
      content: `${characterMention('ren')} asks ${playerMention()} what brought them here so late.`,
      ending_content: `Tell ${characterMention('ren')} the real reason you came.`,
    },
  ],
  voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
});

/** The same examples in Simplified Chinese, for a creator who reads the app in Chinese (same pictures and voices). */
const LIGHTHOUSE_ZH: StoryContent = storyContentSchema.parse({
  ...LIGHTHOUSE,
  story_name: '最后的灯塔',
  introduction: '一场风暴把小岛与外界隔绝。守塔人藏着一个秘密，只有你能查明真相。',
  characters: [
    {
      ...LIGHTHOUSE.characters[0],
      character_name: '玛拉',
      settings: '灯塔的守塔人，四十岁，耐心而戒备。她的弟弟葬身大海，她一直为此自责。',
      style: '说话简短。紧张时用问题回答问题。',
    },
    {
      ...LIGHTHOUSE.characters[1],
      character_name: '阿汤',
      settings: '被风暴困住的年轻渔夫。话多、好奇，还有点莽撞。',
      style: '用玩笑掩饰害怕。',
    },
  ],
  player: { character_name: '旅人', settings: '一位来岛上寻找清静的作家。' },
  prologue: { character_id: 'mira', content: '你今晚不该来的。大海想要什么，就会拿走什么。' },
  nodes: [
    {
      ...LIGHTHOUSE.nodes[0],
      name: '抵达灯塔',
      content: `${playerMention()}浑身湿透地来到灯塔。${characterMention('mira')}让他进了门，却一直锁着楼上的门。${characterMention('tom')}早已坐在炉火旁。`,
      ending_content: `弄清${characterMention('mira')}为什么锁着楼上的门。`,
    },
    {
      ...LIGHTHOUSE.nodes[1],
      name: '灯灭了',
      content: `灯塔的灯熄灭了。黑暗中，${characterMention('mira')}必须决定是否把钥匙交给${playerMention()}。`,
      ending_content: '在船撞上礁石之前，让灯重新亮起来。',
    },
  ],
  summary: `风暴之夜，${playerMention()}和${characterMention('mira')}、${characterMention('tom')}一起被困在灯塔里。`,
});

const CAFE_ZH: StoryContent = storyContentSchema.parse({
  ...CAFE,
  story_name: '午夜咖啡馆',
  introduction: '一家只在午夜开门的咖啡馆，和一位记得每位客人的咖啡师。',
  characters: [{ ...CAFE.characters[0], character_name: '阿仁', settings: '咖啡师。善良、从容，比客人自己说的更了解他们。', style: '语气温和，常说些细小的观察。' }],
  prologue: { character_id: 'ren', content: '欢迎回来。还是老样子，还是今晚你想换个人做？' },
  nodes: [
    {
      ...CAFE.nodes[0],
      name: '点单',
      content: `${characterMention('ren')}问${playerMention()}这么晚来这里是为了什么。`,
      ending_content: `告诉${characterMention('ren')}你来这里的真正原因。`,
    },
  ],
});

export const EXAMPLES = [
  { example_id: 'lighthouse', title: 'A mystery in several chapters', story: LIGHTHOUSE },
  { example_id: 'cafe', title: 'A one-chapter conversation', story: CAFE },
] as const;

const EXAMPLES_ZH = [
  { example_id: 'lighthouse', title: '多章节的悬疑故事', story: LIGHTHOUSE_ZH },
  { example_id: 'cafe', title: '一章完成的对话', story: CAFE_ZH },
] as const;

/** `get_example`: the main example, in Chinese when the app is read in Chinese. */
export function getExample(language: UiLanguage = 'en') {
  return { story: language === 'zh' ? LIGHTHOUSE_ZH : LIGHTHOUSE };
}

/** `get_example_v2`: every example with a title, in Chinese when the app is read in Chinese. */
export function getExamplesV2(language: UiLanguage = 'en') {
  return { examples: (language === 'zh' ? EXAMPLES_ZH : EXAMPLES).map((e) => ({ ...e })) };
}
