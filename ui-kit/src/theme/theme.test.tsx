import { act, render, screen } from '@testing-library/react';
import { StorageKey, storage } from 'shared-kit';
import { applyTheme, getTheme, setTheme, useTheme } from '../index';

function Probe() {
  const [theme] = useTheme();
  return <p>{theme}</p>;
}

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('theme', () => {
  it('defaults to light without a stored choice or a dark system preference', () => {
    expect(getTheme()).toBe('light');
    applyTheme();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('stores the choice under the common prefix, applies it and re-renders users', () => {
    render(<Probe />);
    expect(screen.getByText('light')).toBeTruthy();
    act(() => setTheme('dark'));
    expect(storage.get(StorageKey.Theme)).toBe('dark');
    expect(StorageKey.Theme.startsWith('sv:')).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByText('dark')).toBeTruthy();
  });

  it('reads a stored choice back, ignoring tampered values', () => {
    localStorage.setItem(StorageKey.Theme, 'dark');
    expect(getTheme()).toBe('dark');
    localStorage.setItem(StorageKey.Theme, '"><script>');
    expect(getTheme()).toBe('light');
  });
});
