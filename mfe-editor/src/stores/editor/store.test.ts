import { act } from '@testing-library/react';
import { ApiError, ErrorCode, LIMITS, NodeType, StoryStatus, ValidationErrorType, VOICE_OVER_SPEAKER } from 'shared-kit';
import { messageForCode } from 'ui-kit';
import * as storyService from '../../services/story.service';
import { aStoryDetail, installFakeShell, resetAll, type FakeShell } from '../../testing/render';
import { selectChapterIds, selectNode } from './selectors';
import { MERGE_TOO_LONG, useEditorStore } from './store';

jest.mock('../../services/story.service');
const service = jest.mocked(storyService);

let shell: FakeShell;
const state = () => useEditorStore.getState();

beforeEach(() => {
  shell = installFakeShell();
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

async function loaded(detail = aStoryDetail()): Promise<void> {
  service.getStory.mockResolvedValue(detail);
  await act(() => state().loadStory(detail.story_id));
}

describe('dirty tracking', () => {
  it('starts clean, any change marks dirty, loading server data sets it clean', async () => {
    state().startNew();
    expect(state().dirty).toBe(false);
    state().setStoryField('story_name', 'A');
    expect(state().dirty).toBe(true);
    await loaded();
    expect(state().dirty).toBe(false);
    state().updateCharacter('c1', { style: 'Short answers.' });
    expect(state().dirty).toBe(true);
  });

  it('a successful save resets it, unless the creator kept typing while it was out', async () => {
    await loaded();
    state().setStoryField('introduction', 'Changed');
    let finish: (v: { story_id: string; version_id: string; status: number }) => void = () => undefined;
    service.createStory.mockReturnValue(new Promise((r) => (finish = r)));
    const saving = state().save('draft');
    state().setStoryField('introduction', 'Changed again');
    finish({ story_id: '42', version_id: '8', status: StoryStatus.Draft });
    await act(() => saving);
    expect(state().dirty).toBe(true);
    expect(state().versionId).toBe('8');

    service.createStory.mockResolvedValue({ story_id: '42', version_id: '9', status: StoryStatus.Draft });
    await act(() => state().save('draft'));
    expect(state().dirty).toBe(false);
    expect(shell.toast).toHaveBeenLastCalledWith({ type: 'success', message: 'Saved successfully' });
  });

  it('sends the loaded version and "0" for a new story', async () => {
    state().startNew();
    state().setStoryField('story_name', 'New one');
    service.createStory.mockResolvedValue({ story_id: '77', version_id: '1', status: StoryStatus.Draft });
    const outcome = await act(() => state().save('draft'));
    expect(outcome).toEqual({ ok: true, storyId: '77', created: true });
    expect(service.createStory.mock.calls[0]?.[0]).toMatchObject({ story_id: '0', publish_type: 'Draft' });
    expect(service.createStory.mock.calls[0]?.[0]).not.toHaveProperty('version');

    state().setStoryField('story_name', 'Renamed');
    await act(() => state().save('draft'));
    expect(service.createStory.mock.calls[1]?.[0]).toMatchObject({ story_id: '77', version: { version_id: '1' } });
  });

  it('editing a field clears that field error only', async () => {
    await loaded(aStoryDetail({ story_name: '', introduction: 'x' }));
    await act(() => state().save('publish'));
    expect(Object.keys(state().errors)).toContain('story_name');
    state().setStoryField('introduction', 'y');
    expect(Object.keys(state().errors)).toContain('story_name');
    state().setStoryField('story_name', 'Back');
    expect(Object.keys(state().errors)).not.toContain('story_name');
  });
});

describe('characters', () => {
  it('removing the prologue speaker clears the prologue character, other removals do not', async () => {
    await loaded();
    const other = state().addCharacter();
    state().removeCharacter(other);
    expect(state().content.prologue.character_id).toBe('c1');
    state().removeCharacter('c1');
    expect(state().content.prologue).toEqual({ character_id: '', content: 'The storm is coming.' });
  });

  it("a new story's first character speaks the prologue until the creator picks another; later ones do not", () => {
    state().startNew();
    const first = state().addCharacter();
    expect(state().content.prologue.character_id).toBe(first);
    state().addCharacter();
    expect(state().content.prologue.character_id).toBe(first);
    state().setPrologue('character_id', VOICE_OVER_SPEAKER);
    state().removeCharacter(first);
    state().addCharacter();
    expect(state().content.prologue.character_id).toBe(VOICE_OVER_SPEAKER);
  });

  it('the narrator stays the speaker when characters go', async () => {
    await loaded();
    state().setPrologue('character_id', VOICE_OVER_SPEAKER);
    state().removeCharacter('c1');
    expect(state().content.prologue.character_id).toBe(VOICE_OVER_SPEAKER);
  });
});

describe('chapters', () => {
  it('adds before a given chapter or at the end', async () => {
    await loaded();
    const end = state().addNode();
    const before = state().addNode('n1');
    expect(state().content.nodes.map((n) => n.node_id)).toEqual([before, 'n1', end]);
  });

  it('stops at the maximum of 100 chapters with a message', async () => {
    await loaded();
    for (let i = 1; i < LIMITS.maxPlots; i++) state().addNode();
    expect(state().content.nodes).toHaveLength(100);
    expect(state().addNode()).toBeNull();
    expect(state().content.nodes).toHaveLength(100);
    expect(shell.toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'warning' }));
  });

  it('removing down to one chapter merges the summary into it and clears its name and the summary', async () => {
    await loaded();
    const second = state().addNode() as string;
    state().updateNode('n1', { name: 'Start' });
    state().updateNode(second, { name: 'End', content: 'Climb the tower.' });
    state().setStoryField('summary', 'Sam meets Mara.');
    const rev = state().rev;
    expect(state().removeNode('n1')).toBe(true);
    expect(state().content.nodes).toHaveLength(1);
    expect(state().content.nodes[0]).toMatchObject({ node_id: second, name: '', content: 'Sam meets Mara.\nClimb the tower.' });
    expect(state().content.summary).toBe('');
    // The remaining chapter's field shows the merged text: it remounts.
    expect(state().rev).toBe(rev + 1);
  });

  it('does not merge when the result would exceed 3000 characters, and says why', async () => {
    await loaded();
    const second = state().addNode() as string;
    state().updateNode(second, { content: 'x'.repeat(LIMITS.plotContent - 5) });
    state().setStoryField('summary', 'A long summary');
    expect(state().removeNode('n1')).toBe(false);
    expect(state().content.nodes).toHaveLength(2);
    expect(state().content.summary).toBe('A long summary');
    expect(shell.toast).toHaveBeenCalledWith({ type: 'error', message: MERGE_TOO_LONG });
  });

  it('removing the only chapter leaves one empty chapter', async () => {
    await loaded();
    expect(state().removeNode('n1')).toBe(true);
    expect(state().content.nodes).toHaveLength(1);
    expect(state().content.nodes[0]).toMatchObject({ content: '', ending_content: '' });
    expect(state().content.nodes[0]?.node_id).not.toBe('n1');
  });

  it("typing in a chapter changes that chapter's node only; the list of chapter ids stays the same", async () => {
    await loaded();
    state().addNode();
    const ids = selectChapterIds(state());
    const [first, second] = state().content.nodes;
    state().updateNode(second!.node_id, { content: 'More words.' });
    expect(selectChapterIds(state())).toBe(ids);
    expect(selectNode(first!.node_id)(state())).toBe(first);
    expect(selectNode(second!.node_id)(state())?.content).toBe('More words.');
    expect(ids.split(' ')).toEqual(state().content.nodes.map((n) => n.node_id));
  });

  it("a branching story's chapters are its scenes only", () => {
    state().startNew();
    const [scene] = state().content.nodes;
    useEditorStore.setState((s) => ({
      content: { ...s.content, nodes: [{ ...scene!, node_type: NodeType.NormalContent }, { ...scene!, node_id: 'choice1', node_type: NodeType.ChoiceContent }] },
    }));
    expect(selectChapterIds(state())).toBe(scene!.node_id);
  });

  it('removing one of three keeps the summary', async () => {
    await loaded();
    const b = state().addNode() as string;
    state().addNode();
    state().setStoryField('summary', 'Kept');
    state().removeNode(b);
    expect(state().content.nodes).toHaveLength(2);
    expect(state().content.summary).toBe('Kept');
  });
});

describe('saving', () => {
  it('refuses locally with the modal titled by the first error kind, keyed by item id', async () => {
    await loaded();
    state().updateCharacter('c1', { character_name: '' });
    const outcome = await act(() => state().save('publish'));
    expect(outcome).toEqual({ ok: false, reason: 'invalid' });
    expect(service.createStory).not.toHaveBeenCalled();
    expect(state().failure?.title).toBe('Missing info');
    expect(Object.keys(state().errors)[0]).toBe('characters.c1.character_name');
  });

  it('a draft skips required fields but keeps limits', async () => {
    await loaded(aStoryDetail({ story_name: '' }));
    service.createStory.mockResolvedValue({ story_id: '42', version_id: '8', status: StoryStatus.Draft });
    await act(() => state().save('draft'));
    expect(service.createStory).toHaveBeenCalledTimes(1);
    state().setStoryField('story_name', 'n'.repeat(LIMITS.storyName + 1));
    await act(() => state().save('draft'));
    expect(service.createStory).toHaveBeenCalledTimes(1);
    expect(state().failure?.title).toBe('Word or character limit');
  });

  it('shows the server issues the same way', async () => {
    await loaded();
    service.createStory.mockRejectedValue(
      new ApiError(ErrorCode.ClientParamError, 'nodes.0.ending_content: bad', {
        errors: [{ path: 'nodes.0.ending_content', type: ValidationErrorType.ForbiddenWord, message: 'Contains a forbidden word: "x"' }],
      }),
    );
    await act(() => state().save('publish'));
    expect(state().failure?.title).toBe('Special word check');
    expect(state().errors['nodes.n1.ending_content']?.message).toBe('Contains a forbidden word: "x"');
  });

  it('a voice that cannot be published with (dubbing error on publish) shows on that character\'s voice, no toast', async () => {
    await loaded();
    service.createStory.mockRejectedValue(
      new ApiError(ErrorCode.DubbingErrorOnPublish, 'characters.0.dubbing_show: This voice is no longer available', {
        errors: [
          {
            path: 'characters.0.dubbing_show',
            type: ValidationErrorType.CheckFailed,
            code: 'voiceUnavailable',
            message: 'This voice is no longer available (deleted, rejected or private): choose another',
            values: { reason: 'deleted' },
          },
        ],
      }),
    );
    const outcome = await act(() => state().save('publish'));
    expect(outcome).toEqual({ ok: false, reason: 'invalid' });
    expect(state().errors['characters.c1.dubbing_show']?.message).toBe('This voice is no longer available (deleted, rejected or private): choose another');
    expect(shell.toast).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'error' }));
  });

  it('a stale save is flagged for the reload offer, without a failure toast', async () => {
    await loaded();
    state().setStoryField('introduction', 'Mine');
    service.createStory.mockRejectedValue(new ApiError(ErrorCode.ConcurrentOperation, 'changed elsewhere'));
    const outcome = await act(() => state().save('draft'));
    expect(outcome).toEqual({ ok: false, reason: 'stale' });
    expect(state().stale).toBe(true);
    expect(state().dirty).toBe(true);
    expect(shell.toast).not.toHaveBeenCalled();
  });

  it('other failures toast "Publish failed"', async () => {
    await loaded();
    service.createStory.mockRejectedValue(new ApiError(ErrorCode.BackendNetworkError, 'Server error'));
    await act(() => state().save('publish'));
    expect(shell.toast).toHaveBeenCalledWith({ type: 'error', message: `Publish failed: ${messageForCode(ErrorCode.BackendNetworkError)}` });
  });
});

describe('loading', () => {
  it('puts server review results on their fields', async () => {
    const detail = aStoryDetail({}, StoryStatus.Failed);
    const ok = { is_valid: true, extra: null };
    const bad = { is_valid: false, extra: { simple_reason: { display_reason: 'Violent content' } } };
    detail.review_result = {
      characters: [{ character_id: 'c1', img: ok, name: ok, settings: bad, style: ok }],
      nodes: [{ node_id: 'n1', img: ok, name: ok, content: ok, ending_content: ok }],
      summary: ok,
      name: ok,
      prologue: ok,
      introduction: ok,
      player: { character_name: ok, settings: ok },
    };
    await loaded(detail);
    expect(state().errors['characters.c1.settings']?.message).toBe('Violent content');
    expect(state().failure).toBeNull();
  });

  it('an over-long story name shows its limit error at once', async () => {
    await loaded(aStoryDetail({ story_name: 'n'.repeat(31) }));
    expect(state().errors.story_name?.type).toBe(ValidationErrorType.Limit);
  });
});
