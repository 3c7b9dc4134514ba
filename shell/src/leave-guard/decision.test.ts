import { leaveDecision } from './decision';

describe('leaveDecision', () => {
  it.each([
    ['/editor/story/new', '/editor/story/123'],
    ['/editor/story/0', '/editor/story/123'],
    ['/editor/story', '/editor/story/123'],
    ['/editor/template/new', '/editor/template/8'],
    ['/editor/story-ai/0', '/editor/story-ai/55'],
    ['/editor/bot', '/editor/bot/9'],
    ['/editor/story/123', '/editor/story/123'],
    ['/editor/story/123', '/editor/story/123/'],
  ])('allows %s -> %s', (from, to) => {
    expect(leaveDecision(from, to)).toBe('allow');
  });

  it.each([
    ['/editor/story/123', '/editor/story-ai/123'],
    ['/editor/story/new', '/editor/story-ai'],
    ['/editor/story', '/editor/story-ai/0'],
  ])('asks for a mode switch on %s -> %s', (from, to) => {
    expect(leaveDecision(from, to)).toBe('mode-switch');
  });

  it.each([
    ['/editor/story/123', '/editor/works'],
    ['/editor/story/123', '/editor/story/456'],
    ['/editor/story/new', '/editor/template/3'],
    ['/editor/story/new', '/editor/story/0'],
    ['/editor/story/123', '/editor/story/new'],
    ['/editor/story-ai/1', '/editor/story/1'],
    ['/editor/bot/4', '/editor'],
    ['/editor/story/new', '/play'],
    ['/editor/template/new', '/login'],
  ])('asks to quit on %s -> %s', (from, to) => {
    expect(leaveDecision(from, to)).toBe('quit');
  });

  it('treats a registration-specific mode-switch path as a mode switch', () => {
    expect(leaveDecision('/editor/bot/4', '/editor/story/new', ['/editor/story'])).toBe('mode-switch');
    expect(leaveDecision('/editor/bot/4', '/editor/works', ['/editor/story'])).toBe('quit');
  });
});
