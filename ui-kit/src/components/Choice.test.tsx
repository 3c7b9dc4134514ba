import { render, screen } from '@testing-library/react';
import { Checkbox, Switch } from './Choice';

describe('Checkbox and Switch', () => {
  it.each([
    ['checkbox', Checkbox],
    ['switch', Switch],
  ] as const)('a %s is described by its error and marked invalid when the field says so', (role, Control) => {
    const { rerender } = render(
      <>
        <Control label="Show the ending" checked={false} onCheckedChange={() => undefined} aria-describedby="ending-error" aria-invalid />
        <span id="ending-error">Write the ending first</span>
      </>,
    );
    const control = screen.getByRole(role, { name: 'Show the ending' });
    expect(control.getAttribute('aria-describedby')).toBe('ending-error');
    expect(control.getAttribute('aria-invalid')).toBe('true');
    rerender(<Control label="Show the ending" checked={false} onCheckedChange={() => undefined} />);
    expect(screen.getByRole(role).getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByRole(role).getAttribute('aria-invalid')).toBeNull();
  });
});
