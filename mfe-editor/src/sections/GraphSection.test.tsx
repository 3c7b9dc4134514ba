import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from 'ui-kit';
import * as storyService from '../services/story.service';
import { aStoryDetail, installEditorPage, renderAt, resetAll } from '../testing/render';
import { useEditorStore } from '../stores/editor/store';

jest.mock('../services/story.service');
jest.mock('../services/media.service');
jest.mock('../services/events.service');
const stories = jest.mocked(storyService);

beforeEach(() => {
  installEditorPage();
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

/** A story whose choice has one option leading nowhere, and two endings. */
function branching() {
  const detail = aStoryDetail();
  const scene = detail.nodes[0]!;
  return {
    ...detail,
    nodes: [
      { ...scene, node_type: 'NormalContent' as const },
      { ...scene, node_id: 'c1', node_type: 'ChoiceContent' as const, name: 'Door', options: [{ option_id: 'o1', text: 'Knock' }, { option_id: 'o2', text: 'Leave' }] },
      { ...scene, node_id: 's1', node_type: 'Success' as const, name: 'Home', content: 'Safe.' },
      { ...scene, node_id: 'f1', node_type: 'Fail' as const, name: 'Lost', content: 'Lost at sea.' },
    ],
    edges: [
      { edge_id: 'e1', source: scene.node_id, target: 'c1', handle: 'next' },
      { edge_id: 'e2', source: 'c1', target: 's1', handle: 'o1' },
    ],
    variables: [],
  };
}

describe('the chapters section of a branching story', () => {
  it('lists its scenes only: choices and endings are edited on the story map', async () => {
    stories.getStory.mockResolvedValue(branching());
    renderAt('/editor/story/42');
    const chapters = await screen.findByRole('region', { name: /Chapters/ });
    expect(within(chapters).getAllByRole('article')).toHaveLength(1);
    expect(within(chapters).queryByRole('article', { name: 'Chapter 2' })).toBeNull();
  });
});

describe('the story map list view', () => {
  it('shows each node with its problems, and linking the way out clears them', async () => {
    stories.getStory.mockResolvedValue(branching());
    renderAt('/editor/story/42');
    fireEvent.click(await screen.findByRole('button', { name: 'List view' }));
    const door = await screen.findByRole('article', { name: 'Door' });
    expect(within(door).getByText('Every option and route must lead somewhere')).toBeTruthy();
    expect(screen.getByText('2 problems')).toBeTruthy();
    fireEvent.change(within(door).getByLabelText('Option 2 “Leave” leads to'), { target: { value: 'f1' } });
    expect(within(door).queryByText('Every option and route must lead somewhere')).toBeNull();
    expect(screen.getByText('No problems: ready to publish')).toBeTruthy();
    expect(useEditorStore.getState().content.edges).toContainEqual(expect.objectContaining({ source: 'c1', target: 'f1', handle: 'o2' }));
    expect(useEditorStore.getState().dirty).toBe(true);
  });

  it('speaks Chinese', async () => {
    stories.getStory.mockResolvedValue(branching());
    await changeLanguage('zh-CN');
    try {
      renderAt('/editor/story/42');
      fireEvent.click(await screen.findByRole('button', { name: '列表视图' }));
      const door = await screen.findByRole('article', { name: 'Door' });
      expect(within(door).getByText('每个选项和分支都必须通向某处')).toBeTruthy();
      expect(within(door).getByText('选择')).toBeTruthy();
      expect(screen.queryByText('Every option and route must lead somewhere')).toBeNull();
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('go to a graph problem from the validation dialog', () => {
  it('opens the story map list view at the problem node and focuses it', async () => {
    stories.getStory.mockResolvedValue(branching());
    renderAt('/editor/story/42');
    await screen.findByRole('button', { name: 'List view' });
    expect(screen.queryByRole('article', { name: 'Door' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Every option and route must lead somewhere/ }));
    const door = await screen.findByRole('article', { name: 'Door' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(door));
    expect(stories.createStory).not.toHaveBeenCalled();
  });
});
