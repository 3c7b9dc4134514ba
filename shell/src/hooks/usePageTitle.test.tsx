import { render } from '@testing-library/react';
import { fullTitle, usePageTitle } from './usePageTitle';

function Page({ title }: { title: string }) {
  usePageTitle(title);
  return <p>{title}</p>;
}

function og(): string | null {
  return document.head.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? null;
}

describe('usePageTitle', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta property="og:title" content="Storyverse">';
    document.title = 'Storyverse';
  });

  it('sets the title and og:title, then restores both on unmount', () => {
    const { unmount } = render(<Page title="Terms of Service" />);
    expect(document.title).toBe('Terms of Service · Storyverse');
    expect(og()).toBe('Terms of Service · Storyverse');
    unmount();
    expect(document.title).toBe('Storyverse');
    expect(og()).toBe('Storyverse');
  });

  it('restores the outer page title when a nested page leaves', () => {
    const outer = render(<Page title="Home" />);
    const inner = render(<Page title="Privacy Policy" />);
    expect(document.title).toBe('Privacy Policy · Storyverse');
    inner.unmount();
    expect(document.title).toBe('Home · Storyverse');
    expect(og()).toBe('Home · Storyverse');
    outer.unmount();
    expect(document.title).toBe('Storyverse');
  });

  it('follows title changes', () => {
    const { rerender } = render(<Page title="One" />);
    rerender(<Page title="Two" />);
    expect(document.title).toBe('Two · Storyverse');
    expect(og()).toBe('Two · Storyverse');
  });

  it('creates the og:title meta when the document has none', () => {
    document.head.innerHTML = '';
    const { unmount } = render(<Page title="Log in" />);
    expect(og()).toBe('Log in · Storyverse');
    unmount();
    expect(og()).toBeNull();
  });

  it('uses the product name for an empty title', () => {
    expect(fullTitle('  ')).toBe('Storyverse');
  });
});
