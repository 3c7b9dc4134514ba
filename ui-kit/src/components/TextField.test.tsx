import { render, screen } from '@testing-library/react';
import { LIMITS } from 'shared-kit';
import { TextArea, TextField, countCharacters } from '../index';

describe('TextField and TextArea counter', () => {
  it('shows count/limit under the limit and ties the counter to the field', () => {
    render(<TextField label="Story name" limit="storyName" value="Moon" onChange={() => undefined} />);
    const field = screen.getByRole('textbox', { name: 'Story name' });
    expect(screen.getByText(`4/${LIMITS.storyName}`)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(field.getAttribute('aria-describedby')).toContain('-count');
  });

  it('past the limit the field is invalid and says why, without cutting the text', () => {
    const value = 'x'.repeat(LIMITS.storyName + 2);
    render(<TextField label="Story name" limit="storyName" value={value} onChange={() => undefined} />);
    const field = screen.getByRole('textbox', { name: 'Story name' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLInputElement).value).toHaveLength(LIMITS.storyName + 2);
    expect(screen.getByRole('alert').textContent).toBe(`2 characters over the limit of ${LIMITS.storyName}`);
    expect(field.getAttribute('aria-describedby')).toContain('-error');
  });

  it('a numeric limit works for a text area and an explicit error wins over the hint', () => {
    render(<TextArea label="Summary" limit={5} hint="Short" error="Content violation" value="abc" onChange={() => undefined} />);
    expect(screen.getByText('3/5')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Content violation');
    expect(screen.queryByText('Short')).toBeNull();
  });

  it('counts an emoji as one character', () => {
    expect(countCharacters('a😀b')).toBe(3);
  });
});
