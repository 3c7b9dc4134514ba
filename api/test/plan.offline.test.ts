import { offlineStoryFromIdea } from '../src/modules/plan/plan.offline';

/* The offline storyteller's brainstorm, read as a newcomer reads its result: names that are names, a sensible title. */

const NAMELESS =
  'A lighthouse keeper finds a message in a bottle from her future self warning about a shipwreck.';

describe('the offline brainstorm', () => {
  it("names an idea's characters with people's names when the idea names nobody, never with its nouns", () => {
    const story = offlineStoryFromIdea(NAMELESS);
    const names = story.characters.map((c) => c.character_name);
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(new Set(names).size).toBe(names.length);
    for (const noun of [
      'Message',
      'Bottle',
      'Future',
      'Shipwreck',
      'Self',
      'Warning',
      'Wanderer',
      'Keeper',
    ]) {
      expect(names).not.toContain(noun);
    }
    // The title pairs the hero with the idea's key thing, and never repeats a word ("Message and the Message").
    expect(story.story_name).toBe(`${names[0]} and the Message`);
    expect(story.prologue.speaker_name).toBe(names[0]);
  });

  it('picks the same names for the same idea, and keeps the names an idea gives', () => {
    expect(offlineStoryFromIdea(NAMELESS).characters.map((c) => c.character_name)).toEqual(
      offlineStoryFromIdea(NAMELESS).characters.map((c) => c.character_name),
    );
    const named = offlineStoryFromIdea(
      'A lighthouse keeper named Mara finds a message in a bottle from her lost brother Tobin.',
    );
    expect(named.characters.map((c) => c.character_name)).toEqual(['Mara', 'Tobin']);
  });

  describe('a Chinese idea', () => {
    const LIGHTHOUSE = '一个灯塔看守人在暴风雨夜收到一封来自失踪哥哥的信。';
    /** Every text of the story a player or creator reads. */
    const texts = (idea: string): string[] => {
      const s = offlineStoryFromIdea(idea);
      return [
        s.story_name,
        s.introduction,
        s.summary,
        s.player.settings,
        s.prologue.content,
        ...s.characters.flatMap((c) => [c.character_name, c.settings, c.style, c.appearance]),
        ...s.nodes.flatMap((n) => [n.name, n.content, n.ending_content, n.scene]),
      ];
    };

    it('is written in Chinese from its own words: place, thing and role, the hero called by a Chinese name', () => {
      const s = offlineStoryFromIdea(LIGHTHOUSE);
      for (const text of texts(LIGHTHOUSE)) expect(text).not.toMatch(/[A-Za-z]/);
      const [hero, ally] = s.characters.map((c) => c.character_name);
      expect(hero).toMatch(/^[\u4e00-\u9fff]{2,3}$/);
      expect(ally).toMatch(/^[\u4e00-\u9fff]{2,3}$/);
      expect(hero).not.toBe(ally);
      // The title is the idea's place and thing in a Chinese pattern, never the idea's first words cut short.
      expect(['灯塔的来信', '来信之谜', '灯塔往事', '灯塔来信']).toContain(s.story_name);
      // The hero is the idea's lighthouse keeper, retold by name.
      expect(s.characters[0]!.settings).toContain(`${hero}是灯塔看守人。${hero}在暴风雨夜收到一封来自失踪哥哥的信。`);
      expect(s.nodes[0]!.ending_content).toBe(`向${hero}问清来信的来历。`);
      expect(s.nodes.every((n) => /^[\u4e00-\u9fff]+$/.test(n.name))).toBe(true);
      expect(s.prologue.speaker_name).toBe(hero);
    });

    it('keeps the names the idea gives, Chinese or Latin, and no other Latin word', () => {
      const named = offlineStoryFromIdea('名叫沈星河的少年侦探在古镇调查一桩命案，线索指向一面古镜。');
      expect(named.characters[0]!.character_name).toBe('沈星河');
      expect(named.characters[0]!.settings).toContain('沈星河是古镇的少年侦探。沈星河在古镇调查一桩命案');
      expect(named.nodes[1]!.ending_content).toMatch(/一起找到古镜。$/);
      // Who the named one is comes from the idea's own words, even when no list knows them.
      const baker = offlineStoryFromIdea('名叫阿月的面包师在江南古镇开了一家面包店，她烤的面包能让人想起往事。');
      expect(baker.characters[0]!.settings).toMatch(/^阿月是江南的面包师。阿月在江南古镇开了一家面包店/);
      expect(baker.characters[0]!.settings).not.toContain('往事的事');
      const latin = '一个叫Mara的女孩在图书馆发现了一本会说话的日记';
      expect(offlineStoryFromIdea(latin).characters[0]!.character_name).toBe('Mara');
      for (const text of texts(latin)) expect(text.replace(/Mara/g, '')).not.toMatch(/[A-Za-z]/);
    });

    it('someone brought in with 一位 and what they do is the hero, retold by name; a title never says one thing twice', () => {
      const pilot = offlineStoryFromIdea('在一座漂浮的空中城市里，一位年轻的飞艇驾驶员发现了王国的秘密。');
      const hero = pilot.characters[0]!.character_name;
      expect(pilot.characters[0]!.settings).toContain(`${hero}是城市的飞艇驾驶员。在一座漂浮的空中城市里，${hero}发现了王国的秘密。`);
      expect(pilot.story_name).not.toBe('秘密之谜');
      expect(pilot.nodes[0]!.ending_content).toBe(`向${hero}问清秘密的来龙去脉。`);
    });

    it('an idea that only asks for a story is not retold as the story, and every idea gives the same story each time', () => {
      const asking = '我想写一个关于友情的故事';
      const s = offlineStoryFromIdea(asking);
      expect(s.nodes[0]!.content).not.toContain('我想写');
      expect(s.characters[0]!.settings).not.toContain('我想写');
      for (const idea of [LIGHTHOUSE, asking, '末日之后，人类躲在地下基地里，一个机器人想要找回自己的记忆。']) {
        expect(offlineStoryFromIdea(idea)).toEqual(offlineStoryFromIdea(idea));
        for (const text of texts(idea)) expect(text).not.toMatch(/[A-Za-z]/);
      }
    });
  });
});
