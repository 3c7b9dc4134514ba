import { ErrorCode, ValidationErrorType as T } from 'shared-kit';
import { save, storyPayload, useEditorApi, type IssueData } from './editor.support';

describe('editor: the story rules of section 5 on publish and on a draft', () => {
  const ctx = useEditorApi();

  /** Publishes `payload` as a new story and returns the errors (empty when it saved). */
  async function errorsOf(
    payload: Record<string, unknown>,
    publishType = 'Publish',
  ): Promise<IssueData['errors']> {
    const res = await save(ctx.alice, { ...storyPayload(), ...payload, publish_type: publishType });
    if (res.body.status_code === 0) return [];
    expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    return res.body.data?.errors ?? [];
  }
  const typeAt = async (payload: Record<string, unknown>, path: string, publishType = 'Publish') =>
    (await errorsOf(payload, publishType)).find((e) => e.path === path)?.type;

  const base = storyPayload();
  const char0 = (patch: Record<string, unknown>) => ({
    characters: [{ ...base.characters![0], ...patch }, base.characters![1]],
  });
  const node = (i: number, patch: Record<string, unknown>) => ({
    nodes: base.nodes!.map((n, j) => (j === i ? { ...n, ...patch } : n)),
  });
  const nodes = (count: number) => ({
    nodes: Array.from({ length: count }, (_, i) => ({
      node_id: `n${i}`,
      name: `P${i}`,
      content: 'Go.',
      ending_content: 'On.',
    })),
  });

  it('applies each section 5 rule at its edge values', async () => {
    expect(await errorsOf({})).toEqual([]);
    // Character name
    expect(
      await typeAt(char0({ character_name: 'x'.repeat(30) }), 'characters.0.character_name'),
    ).toBeUndefined();
    expect(await typeAt(char0({ character_name: 'x'.repeat(31) }), 'characters.0.character_name')).toBe(
      T.Limit,
    );
    expect(await typeAt(char0({ character_name: '  ' }), 'characters.0.character_name')).toBe(T.Required);
    expect(await typeAt(char0({ character_name: ' Mira' }), 'characters.0.character_name')).toBe(
      T.CheckFailed,
    );
    expect(await typeAt(char0({ character_name: 'Mi#ra' }), 'characters.0.character_name')).toBe(
      T.CheckFailed,
    );
    expect(await typeAt(char0({ character_name: ' pLaY eR' }), 'characters.0.character_name')).toBe(
      T.CheckFailed,
    );
    expect(await typeAt(char0({ character_name: 'Tom' }), 'characters.1.character_name')).toBe(T.CheckFailed);
    expect(await typeAt(char0({ character_name: 'Porn star' }), 'characters.0.character_name')).toBe(
      T.ForbiddenWord,
    );
    // Character settings, style, voice, picture
    expect(await typeAt(char0({ settings: 'x'.repeat(2000) }), 'characters.0.settings')).toBeUndefined();
    expect(await typeAt(char0({ settings: 'x'.repeat(2001) }), 'characters.0.settings')).toBe(T.Limit);
    expect(
      await typeAt(char0({ settings: `${'x'.repeat(1997)}@{character_c2}` }), 'characters.0.settings'),
    ).toBeUndefined();
    expect(await typeAt(char0({ style: 'x'.repeat(301) }), 'characters.0.style')).toBe(T.Limit);
    expect(
      await typeAt(char0({ dubbing_show: { dubbing: '', language: 'en' } }), 'characters.0.dubbing_show'),
    ).toBe(T.Required);
    expect(await typeAt(char0({ character_url: '' }), 'characters.0.character_url')).toBe(T.Required);
    // Story settings
    expect(await typeAt({ story_name: 'x'.repeat(30) }, 'story_name')).toBeUndefined();
    expect(await typeAt({ story_name: 'x'.repeat(31) }, 'story_name')).toBe(T.Limit);
    expect(await typeAt({ story_name: ' ' }, 'story_name')).toBe(T.Required);
    expect(await typeAt({ introduction: 'x'.repeat(301) }, 'introduction')).toBe(T.Limit);
    expect(await typeAt({ image_generate_style: null }, 'image_generate_style')).toBe(T.Required);
    expect(await typeAt({ voice_over_dubbing: { dubbing: '', language: '' } }, 'voice_over_dubbing')).toBe(
      T.Required,
    );
    // Summary only with more than one plot
    expect(await typeAt({ summary: 'x'.repeat(300) }, 'summary')).toBeUndefined();
    expect(await typeAt({ summary: 'x'.repeat(301) }, 'summary')).toBe(T.Limit);
    expect(await typeAt({ summary: 'x'.repeat(301), nodes: [base.nodes![1]] }, 'summary')).toBeUndefined();
    expect(await typeAt({ summary: 'Meet @{character_gone}' }, 'summary')).toBe(T.CharacterDeleted);
    // Prologue
    expect(
      await typeAt({ prologue: { character_id: 'c1', content: 'x'.repeat(150) } }, 'prologue.content'),
    ).toBeUndefined();
    expect(
      await typeAt({ prologue: { character_id: 'c1', content: 'x'.repeat(151) } }, 'prologue.content'),
    ).toBe(T.Limit);
    expect(await typeAt({ prologue: { character_id: '', content: 'Hi' } }, 'prologue.character_id')).toBe(
      T.Required,
    );
    expect(await typeAt({ prologue: { character_id: 'gone', content: 'Hi' } }, 'prologue.character_id')).toBe(
      T.CharacterDeleted,
    );
    expect(
      await typeAt({ prologue: { character_id: 'voice_over', content: 'Hi' } }, 'prologue.character_id'),
    ).toBeUndefined();
    // Plots
    expect(await typeAt(nodes(100), 'nodes')).toBeUndefined();
    expect(await typeAt(nodes(101), 'nodes')).toBe(T.Limit);
    expect(await typeAt(node(0, { name: 'x'.repeat(31) }), 'nodes.0.name')).toBe(T.Limit);
    expect(await typeAt(node(0, { name: 'Two words' }), 'nodes.0.name')).toBe(T.CheckFailed);
    expect(await typeAt(node(0, { content: 'x'.repeat(3000) }), 'nodes.0.content')).toBeUndefined();
    expect(await typeAt(node(0, { content: 'x'.repeat(3001) }), 'nodes.0.content')).toBe(T.Limit);
    expect(await typeAt(node(0, { content: '' }), 'nodes.0.content')).toBe(T.Required);
    expect(await typeAt(node(0, { content: 'See @{character_gone}' }), 'nodes.0.content')).toBe(
      T.CharacterDeleted,
    );
    expect(
      await typeAt(node(1, { ending_content: 'x'.repeat(100) }), 'nodes.1.ending_content'),
    ).toBeUndefined();
    expect(await typeAt(node(1, { ending_content: 'x'.repeat(101) }), 'nodes.1.ending_content')).toBe(
      T.Limit,
    );
    expect(await typeAt(node(1, { ending_content: '' }), 'nodes.1.ending_content')).toBe(T.Required);
    expect(await typeAt(node(1, { ending_content: ' n O n E ' }), 'nodes.1.ending_content')).toBe(
      T.CheckFailed,
    );
    expect(await typeAt(node(0, { ending_content: 'buy cocaine' }), 'nodes.0.ending_content')).toBe(
      T.ForbiddenWord,
    );
    expect(await typeAt(node(0, { ending_content: 'Ask @{character_gone}' }), 'nodes.0.ending_content')).toBe(
      T.CharacterDeleted,
    );
    // Player (optional)
    expect(
      await typeAt(
        { player: { character_name: 'x'.repeat(30), settings: 'x'.repeat(1000) } },
        'player.settings',
      ),
    ).toBeUndefined();
    expect(
      await typeAt({ player: { character_name: 'x'.repeat(31), settings: '' } }, 'player.character_name'),
    ).toBe(T.Limit);
    expect(
      await typeAt({ player: { character_name: '', settings: 'x'.repeat(1001) } }, 'player.settings'),
    ).toBe(T.Limit);
  }, 60_000);

  it('lets a draft be incomplete but still enforces limits; an unknown image style is refused', async () => {
    const empty = {
      story_name: '',
      nodes: [],
      characters: [],
      prologue: { character_id: '', content: '' },
      voice_over_dubbing: { dubbing: '', language: '' },
    };
    expect(await errorsOf(empty, 'Draft')).toEqual([]);
    expect(await typeAt({ story_name: 'x'.repeat(31), nodes: [] }, 'story_name', 'Draft')).toBe(T.Limit);
    const res = await save(ctx.alice, storyPayload({ image_generate_style: { code: 'no_such_style' } }));
    expect(res.body.status_code).toBe(ErrorCode.StyleNotExist);
  });
});
