import { act, fireEvent, screen } from '@testing-library/react';
import { LIMITS } from 'shared-kit';
import { useEditorStore } from '../stores/editor/store';
import { description, openStory, setUpStoryEditorPage } from '../testing/storyEditorPage';

jest.mock('../services/story.service');
jest.mock('../services/media.service');
jest.mock('../services/events.service');

setUpStoryEditorPage();

/** Types text at the end of the box the way a browser would: text node changes, caret after it, input event. */
function typeAtEnd(box: HTMLElement, text: string): void {
  let node = [...box.childNodes].reverse().find((n) => n.nodeType === Node.TEXT_NODE) as Text | undefined;
  if (!node || node.nextSibling?.nodeName !== 'BR') {
    node = document.createTextNode('');
    box.insertBefore(node, box.lastChild);
  }
  node.data += text;
  const range = document.createRange();
  range.setStart(node, node.data.length);
  range.collapse(true);
  const sel = window.getSelection();
  sel?.removeAllRanges();
  sel?.addRange(range);
  fireEvent.input(box);
}

const count = (n: number, max: number = LIMITS.plotContent) => `${n}/${max}`;

describe('typing in a chapter', () => {
  it("keeps its counter, the store and the chapter's other fields in step", async () => {
    await openStory();
    const box = screen.getByRole('textbox', { name: 'Chapter 1 content' });
    // "Find the keeper." is 16 characters.
    expect(description(box)).toContain(count(16));

    typeAtEnd(box, ' Now.');
    expect(description(box)).toContain(count(21));
    expect(useEditorStore.getState().content.nodes[0]?.content).toBe('Find the keeper. Now.');
    typeAtEnd(box, '!');
    expect(description(box)).toContain(count(22));

    // The chapter's title (a controlled field) still follows its own typing after the content's.
    const title = screen.getByLabelText('Chapter 1 title');
    fireEvent.change(title, { target: { value: 'Dawn' } });
    expect((title as HTMLInputElement).value).toBe('Dawn');
    expect(description(box)).toContain(count(22));
    expect(useEditorStore.getState().content.nodes[0]).toMatchObject({ name: 'Dawn', content: 'Find the keeper. Now.!' });

    // The ending's counter is its own.
    const ending = screen.getByRole('textbox', { name: 'Chapter 1 ending' });
    typeAtEnd(ending, ' Again.');
    expect(description(ending)).toContain(count(24, LIMITS.plotEnding));
    expect(description(box)).toContain(count(22));
  });

  it('counts the same text changed elsewhere (as the Story map does)', async () => {
    await openStory();
    const box = screen.getByRole('textbox', { name: 'Chapter 1 content' });
    typeAtEnd(box, ' Now.');
    expect(description(box)).toContain(count(21));
    act(() => useEditorStore.getState().updateNode('n1', { content: 'Short.' }));
    expect(description(box)).toContain(count(6));
  });
});
