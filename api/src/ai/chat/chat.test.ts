import { Emotion } from 'shared-kit';
import { EmotionTagParser } from './emotionTag';
import { offlineJudge, createOfflineChat } from './offline';
import { offlineReply } from './storyteller';
import { assemblePrompt, historyTokens } from './prompt';
import { countTokens } from './tokenizer';
import type { JudgeMaterial, TurnLine } from './types';

function material(history: TurnLine[], chapterInputs: string[] = []): JudgeMaterial {
  const mira = { character_id: 'c1', name: 'Mira', settings: 'The keeper of the lighthouse.', style: 'Speaks softly. Never lies.' };
  return {
    storyName: 'The Lighthouse',
    introduction: 'A storm, a keeper and a secret.',
    storySummary: '',
    player: { name: 'Alex', settings: 'A traveller.' },
    characters: [mira],
    chapter: { node_id: 'n1', name: 'Arrival', content: 'You reach the island.', objective: 'Find the hidden lantern key.', index: 0, count: 2 },
    runningSummary: '',
    history,
    speaker: mira,
    turnsInChapter: chapterInputs.length,
    chapterInputs,
  };
}

const systemPromptOf = (p: { messages: Array<{ content: string }> }) => p.messages[0]!.content;

const line = (i: number): TurnLine => ({ speaker: i % 2 ? 'npc' : 'player', name: i % 2 ? 'Mira' : 'Alex', content: `Line number ${i} of a long evening by the sea.` });

describe('prompt assembly', () => {
  it('counts with the tokenizer', () => {
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('')).toBe(0);
  });

  it('keeps the newest lines that fit the context minus the reply room', () => {
    const history = Array.from({ length: 500 }, (_, i) => line(i));
    const budget = { contextTokens: 1000, replyTokens: 200 };
    const p = assemblePrompt(material(history), budget);
    expect(p.tokens).toBeLessThanOrEqual(800);
    expect(p.includedLines).toBeGreaterThan(5);
    expect(p.includedLines).toBeLessThan(500);
    expect(p.messages[p.messages.length - 1]!.content).toBe(`Mira: ${history[499]!.content}`);
    expect(p.messages[0]!.content).toContain('Find the hidden lantern key.');
    // Adding one more line never lets the prompt grow past the budget.
    const q = assemblePrompt(material([...history, line(500)]), budget);
    expect(q.tokens).toBeLessThanOrEqual(800);
    expect(historyTokens(history)).toBeGreaterThan(800);
  });

  it('takes exactly the lines that fit when their bytes would not, and never counts a line when even its bytes fit', () => {
    // Never-seen lines of about 11 bytes per token: their byte lengths overflow the room long before their tokens do.
    const fresh = (i: number): TurnLine => ({ speaker: 'player', name: 'Alex', content: `uncountedword${i} `.repeat(40) });
    const history = Array.from({ length: 40 }, (_, i) => fresh(i));
    const budget = { contextTokens: 4000, replyTokens: 400 };
    const p = assemblePrompt(material(history), budget);
    const exact = (n: number) => countTokens(systemPromptOf(p)) + 4 + historyTokens(history.slice(history.length - n));
    // The count is exact once the budget is tight: the lines kept fit, and one more would not.
    expect(p.tokens).toBe(exact(p.includedLines));
    expect(p.tokens).toBeLessThanOrEqual(3600);
    expect(exact(p.includedLines + 1)).toBeGreaterThan(3600);
    expect(p.includedLines).toBeGreaterThan(3600 / 400);

    // A short new line within the room is taken without being counted: its bound stands in the total.
    const word = 'neverseenbeforeword';
    const small = assemblePrompt(material([{ speaker: 'player', name: 'Alex', content: word }]), budget);
    expect(small.includedLines).toBe(1);
    expect(small.tokens).toBe(countTokens(systemPromptOf(small)) + 4 + Buffer.byteLength(word) + 4);
  });

  it('puts at-depth world info into the conversation, counted in the budget', () => {
    const history = [line(0), line(1), line(2), line(3)];
    const m = material(history);
    m.worldInfo = { before: '', after: '', atDepth: [{ depth: 2, text: 'The tide turns.' }, { depth: 0, text: 'It is night.' }, { depth: 9, text: 'Long ago.' }] };
    const p = assemblePrompt(m, { contextTokens: 4000, replyTokens: 400 });
    const contents = p.messages.slice(1).map((x) => x.content);
    expect(contents).toEqual([
      'World info:\nLong ago.',
      history[0]!.content,
      `Mira: ${history[1]!.content}`,
      'World info:\nThe tide turns.',
      history[2]!.content,
      `Mira: ${history[3]!.content}`,
      'World info:\nIt is night.',
    ]);
    expect(p.messages.filter((x) => x.role === 'system')).toHaveLength(4);
    const plain = assemblePrompt(material(history), { contextTokens: 4000, replyTokens: 400 });
    expect(p.tokens - plain.tokens).toBe(p.messages.filter((x) => x.content.startsWith('World info:')).reduce((sum, x) => sum + countTokens(x.content) + 4, 0));
    expect(p.includedLines).toBe(4);
  });

  it('cuts the fixed part when it alone would not fit', () => {
    const m = material([line(1)]);
    m.chapter.content = 'word '.repeat(5000);
    const p = assemblePrompt(m, { contextTokens: 600, replyTokens: 100 });
    expect(p.tokens).toBeLessThanOrEqual(500);
    expect(p.includedLines).toBe(1);
  });
});

describe('emotion tags', () => {
  it('reads a leading tag split across chunks and shows only the text', () => {
    const p = new EmotionTagParser();
    expect(p.push(' [Ha')).toBe('');
    expect(p.push('ppy] Hello')).toBe('Hello');
    expect(p.emotion).toBe(Emotion.Happy);
    expect(p.push(' there')).toBe(' there');
  });
  it('passes text without a tag through untouched', () => {
    const p = new EmotionTagParser();
    expect(p.push('Hello [Happy]')).toBe('Hello [Happy]');
    expect(p.emotion).toBeUndefined();
    const q = new EmotionTagParser();
    expect(q.push('[not an emotion] hi')).toBe('[not an emotion] hi');
  });
});

describe('offline storyteller', () => {
  it('is deterministic and writes from the material', async () => {
    const m = material([{ speaker: 'player', name: 'Alex', content: 'Tell me about the lantern' }], ['Tell me about the lantern']);
    expect(offlineReply(m)).toBe(offlineReply(material([...m.history], [...m.chapterInputs])));
    const chat = createOfflineChat({ tokenDelayMs: 0 });
    let text = '';
    let emotion: string | undefined;
    for await (const ev of chat.streamTurn({ material: m, messages: [] })) {
      if (ev.type === 'text') text += ev.text;
      else emotion = ev.emotion;
    }
    expect(text).toBe(offlineReply(m));
    expect(text).toMatch(/Speaks softly\.|Never lies\./);
    expect(text).toContain('You reach the island.');
    expect(emotion).toBeDefined();
  });

  it('judges the objective done, never the turns spent, and hears the player give up', () => {
    expect(offlineJudge(material([], ['Hello there'])).met).toBe(false);
    expect(offlineJudge(material([], ['Where is the lantern key?', 'I find the hidden lantern key under the stairs.'])).met).toBe(true);
    expect(offlineJudge(material([], ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'])).met).toBe(false);
    expect(offlineJudge(material([], ['I give up'])).failed).toBe(true);
  });

  it('answers in whole sentences from the story, never quoting the player, never repeating itself', () => {
    const inputs = ['So you stole the pawn ticket from the drawer', 'Have you considered the stolen watch?', 'Hello Mira, lovely evening', 'I walk over to the old window slowly', 'Goodbye then', 'Thanks for the tea', 'Why is the lighthouse dark tonight?', 'The sea looks angry today', 'Tell me about the hidden lantern key', 'I climb the spiral stairs carefully'];
    const history: TurnLine[] = [];
    const replies: string[] = [];
    inputs.forEach((input, i) => {
      history.push({ speaker: 'player', name: 'Alex', content: input });
      const m = { ...material([...history], inputs.slice(0, i + 1)) };
      const reply = offlineReply(m);
      const words = input.toLowerCase().match(/[a-z]+/g)!;
      for (let k = 0; k + 3 <= words.length; k += 1) expect(reply.toLowerCase()).not.toContain(words.slice(k, k + 3).join(' '));
      expect(reply).not.toMatch(/considered the|think about the|comes back to the|lantern key/i);
      for (const s of reply.split(/(?<=[.!?])\s+/)) expect(s).toMatch(/^[A-Z].*[.!?]$/);
      replies.push(reply);
      history.push({ speaker: 'npc', name: 'Mira', content: reply });
    });
    expect(new Set(replies).size).toBe(10);
  });

  it('answers a story written in Chinese in Chinese, streamed in short pieces, never quoting the player', async () => {
    const lin = { character_id: 'c1', name: '林默', settings: '灯塔的守护者，沉默寡言。', style: '说话很轻。从不说谎。' };
    const zh = (history: TurnLine[], inputs: string[]): JudgeMaterial => ({
      ...material(history, inputs),
      storyName: '灯塔之夜',
      introduction: '一场风暴，一位守塔人，一个秘密。',
      player: { name: '阿明', settings: '一位旅人。' },
      characters: [lin],
      speaker: lin,
      chapter: { node_id: 'n1', name: '抵达', content: '你登上了小岛。海风吹得灯塔的门吱吱作响。', objective: '找到藏起来的灯笼钥匙。', index: 0, count: 2 },
    });
    const inputs = ['你好，林默', '你是谁？', '我走到窗边看看大海', '为什么灯塔今晚是黑的', '谢谢你的茶', '再见'];
    const history: TurnLine[] = [];
    const replies: string[] = [];
    for (const [i, input] of inputs.entries()) {
      history.push({ speaker: 'player', name: '阿明', content: input });
      const reply = offlineReply(zh([...history], inputs.slice(0, i + 1)));
      expect(reply).not.toMatch(/[A-Za-z]/);
      expect(reply).toMatch(/[。！？]$/);
      expect(reply).not.toContain(' ');
      const chars = [...input].filter((c) => /\p{L}/u.test(c));
      for (let k = 0; k + 3 <= chars.length; k += 1) expect(reply).not.toContain(chars.slice(k, k + 3).join(''));
      replies.push(reply);
      history.push({ speaker: 'npc', name: '林默', content: reply });
    }
    expect(replies[1]).toContain('我是林默。');
    expect(new Set(replies).size).toBe(inputs.length);
    const pieces: string[] = [];
    for await (const ev of createOfflineChat({ tokenDelayMs: 0 }).streamTurn({ material: zh(history.slice(0, 1), inputs.slice(0, 1)), messages: [] })) {
      if (ev.type === 'text') pieces.push(ev.text);
    }
    expect(pieces.join('')).toBe(replies[0]);
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) expect([...piece].length).toBeLessThanOrEqual(3);
  });

  it('stops when cancelled', async () => {
    const chat = createOfflineChat({ tokenDelayMs: 50 });
    const controller = new AbortController();
    const m = material([{ speaker: 'player', name: 'Alex', content: 'Hello' }]);
    const run = (async () => {
      for await (const ev of chat.streamTurn({ material: m, messages: [], signal: controller.signal })) void ev;
    })();
    setTimeout(() => controller.abort(), 20);
    await expect(run).rejects.toMatchObject({ kind: 'aborted' });
  });
});
