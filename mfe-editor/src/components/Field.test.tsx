import { fireEvent, render, screen } from '@testing-library/react';
import { LIMITS, type MentionNames } from 'shared-kit';
import { resetAll } from '../testing/render';
import { Counter, TextField } from './Field';

afterEach(resetAll);

describe('counters', () => {
  it('count code points against the limit and mark the overflow', () => {
    const onChange = jest.fn();
    const { rerender } = render(<TextField fkey="story_name" label="Story name" value="" max={LIMITS.storyName} onChange={onChange} />);
    expect(screen.getByText('0/30')).toBeTruthy();
    const input = screen.getByLabelText('Story name');
    fireEvent.change(input, { target: { value: '🙂'.repeat(31) } });
    expect(onChange).toHaveBeenCalledWith('🙂'.repeat(31));
    rerender(<TextField fkey="story_name" label="Story name" value={'🙂'.repeat(31)} max={LIMITS.storyName} onChange={onChange} />);
    const counter = screen.getByText('31/30');
    expect(counter.className).toContain('ui-field__count--over');
    expect(input.getAttribute('aria-describedby')).toContain(counter.id);
  });

  it('count a mention by the length of its displayed name', () => {
    const names: MentionNames = { player: 'Sam', allCharacters: 'All characters', characters: { c1: 'Mara' } };
    render(<Counter fkey="summary" value="Hi @{character_c1}, @{player}" names={names} max={LIMITS.summary} />);
    // "Hi " + "Mara" + ", " + "Sam"
    expect(screen.getByText('12/300')).toBeTruthy();
  });
});
