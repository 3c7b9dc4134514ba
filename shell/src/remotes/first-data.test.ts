import { FEED_FIRST_PAGE } from 'shared-kit';
import { prefetchFirstData } from './first-data';

describe('prefetchFirstData', () => {
  it.each(['/play', '/play/', '/Play'])("asks for the feed's first page and the tabs' code on %s", (path) => {
    const kit = { prefetchGet: jest.fn(), FEED_FIRST_PAGE, preloadTabs: jest.fn() };
    prefetchFirstData(path, kit);
    expect(kit.prefetchGet).toHaveBeenCalledWith('/tyler/story/list', { offset: 0, count: 10 });
    expect(kit.preloadTabs).toHaveBeenCalledTimes(1);
  });

  it.each(['/play/story/7', '/editor', '/account', '/'])('asks for nothing on %s', (path) => {
    const kit = { prefetchGet: jest.fn(), FEED_FIRST_PAGE, preloadTabs: jest.fn() };
    prefetchFirstData(path, kit);
    expect(kit.prefetchGet).not.toHaveBeenCalled();
    expect(kit.preloadTabs).not.toHaveBeenCalled();
  });
});
