import { fireEvent, render, screen } from '@testing-library/react';
import type { MentionNames } from 'shared-kit';
import { MentionEditor } from './MentionEditor';
import { serialize, splitChips, withFieldNames, type EditorNames } from './mentionDom';

const names: MentionNames = { player: 'Sam', allCharacters: 'All characters', characters: { c1: 'Mara', c2: 'Otto' } };

function setup(value = '') {
  const onChange = jest.fn();
  const utils = render(<MentionEditor id="ed" label="Chapter 1 content" value={value} names={names} onChange={onChange} />);
  const box = screen.getByRole('textbox', { name: 'Chapter 1 content' });
  return { ...utils, box, onChange };
}

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

describe('mention editor', () => {
  it('renders stored mentions as chips with display names and a deleted tag', () => {
    const { box } = setup('Hi @{player}, ask @{character_c1} and @{character_zz}.');
    const chips = box.querySelectorAll('[data-mention]');
    expect([...chips].map((c) => c.textContent)).toEqual(['@Sam', '@Mara', '@deleted']);
    expect(chips[2]?.className).toContain('editor-chip--deleted');
    expect(serialize(box)).toBe('Hi @{player}, ask @{character_c1} and @{character_zz}.');
  });

  it('typing @ opens the menu with the player, all characters and each character', () => {
    const { box } = setup('');
    typeAtEnd(box, 'Meet @');
    const menu = screen.getByRole('listbox', { name: 'Mention' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['@Sam', '@All characters', '@Mara', '@Otto']);
    // A text box has no expanded state (ARIA): it names the open list it controls instead.
    expect(box.getAttribute('aria-controls')).toBe(menu.id);
  });

  it('typing after @ filters; choosing inserts a chip and stores the placeholder', () => {
    const { box, onChange } = setup('');
    typeAtEnd(box, 'Meet @ot');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['@Otto']);
    fireEvent.mouseDown(screen.getByRole('option', { name: '@Otto' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith('Meet @{character_c2}');
    expect(box.querySelector('[data-mention]')?.textContent).toBe('@Otto');
  });

  it('keyboard: arrows move, Enter picks, Escape closes', () => {
    const { box, onChange } = setup('');
    typeAtEnd(box, '@');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('@All characters');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('@{allCharacters}');
    typeAtEnd(box, ' and @');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('renaming a character renames its chips without touching the text', () => {
    const onChange = jest.fn();
    const { rerender } = render(<MentionEditor id="ed" label="Settings" value="@{character_c1} waits" names={names} onChange={onChange} />);
    rerender(
      <MentionEditor id="ed" label="Settings" value="ignored after mount" names={{ ...names, characters: { c1: 'Marabel' } }} onChange={onChange} />,
    );
    const box = screen.getByRole('textbox', { name: 'Settings' });
    expect(box.textContent).toBe('@Marabel waits');
    expect(serialize(box)).toBe('@{character_c1} waits');
  });

  it('Enter without the menu inserts a line break into the stored text', () => {
    const { box, onChange } = setup('');
    typeAtEnd(box, 'One');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('One\n');
  });

  describe("in a template's skeleton", () => {
    const skeleton: EditorNames = { ...names, fields: { town: 'Town', hero: 'Hero' } };

    it('shows placed fields as [name] chips beside mentions, stores the placeholders, and repaints a rename', () => {
      const onChange = jest.fn();
      const value = '@{character_c1} reaches @{field_town}; @{field_gone} waits.';
      const { rerender } = render(<MentionEditor id="ed" label="Content" value={value} names={skeleton} onChange={onChange} />);
      const box = screen.getByRole('textbox', { name: 'Content' });
      expect([...box.querySelectorAll('[data-mention]')].map((c) => c.textContent)).toEqual(['@Mara', '[Town]', '[deleted]']);
      expect(box.querySelectorAll('.editor-chip--field')).toHaveLength(2);
      expect(serialize(box)).toBe(value);
      rerender(<MentionEditor id="ed" label="Content" value="" names={{ ...skeleton, fields: { town: 'City' } }} onChange={onChange} />);
      expect(box.textContent).toBe('@Mara reaches [City]; [deleted] waits.');
      expect(serialize(box)).toBe(value);
    });

    it('offers the fields after the characters, and only the fields in a plain text', () => {
      const { box, onChange } = (() => {
        const change = jest.fn();
        render(<MentionEditor id="ed" label="Content" value="" names={skeleton} onChange={change} />);
        return { box: screen.getByRole('textbox', { name: 'Content' }), onChange: change };
      })();
      typeAtEnd(box, 'In @');
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['@Sam', '@All characters', '@Mara', '@Otto', '@[Town]', '@[Hero]']);
      fireEvent.mouseDown(screen.getByRole('option', { name: '@[Town]' }));
      expect(onChange).toHaveBeenLastCalledWith('In @{field_town}');
    });

    it('a plain text offers fields only and stays on one line', () => {
      const onChange = jest.fn();
      render(<MentionEditor id="nm" label="Story name" value="" names={{ ...skeleton, onlyFields: true }} onChange={onChange} singleLine />);
      const box = screen.getByRole('textbox', { name: 'Story name' });
      expect(box.getAttribute('aria-multiline')).toBe('false');
      typeAtEnd(box, 'Ghost of @');
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['@[Town]', '@[Hero]']);
      fireEvent.keyDown(box, { key: 'Escape' });
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(onChange).toHaveBeenLastCalledWith('Ghost of @');
    });

    it('counts a placed field by its [name]; outside a skeleton a field placeholder is plain text', () => {
      expect(withFieldNames('In @{field_town}!', skeleton)).toBe('In [Town]!');
      expect(splitChips('In @{field_town}', names)).toEqual([{ type: 'text', text: 'In @{field_town}' }]);
      expect(splitChips('@{player} in @{field_town}', skeleton)).toEqual([
        { type: 'chip', raw: '@{player}' },
        { type: 'text', text: ' in ' },
        { type: 'chip', raw: '@{field_town}' },
      ]);
    });
  });
});
