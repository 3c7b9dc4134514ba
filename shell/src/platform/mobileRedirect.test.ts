import { MOBILE_PAGE, PHONE_HOME, mobileRedirect } from './mobileRedirect';

describe('mobileRedirect', () => {
  const allowedOnMobile = [
    '/editor/restricted-access',
    '/editor/restricted-access/',
    '/editor/forbidden-create',
    '/editor/protocol/terms',
    '/editor/protocol/privacy',
    '/editor/mobile',
    '/login',
    '/auth/callback',
    '/play',
    '/play/story/42',
    '/account',
    '/account/delete',
    '/not-a-page',
  ];
  const redirectedOnMobile = [
    '/editor',
    '/editor/',
    '/editor/no-access',
    '/editor/works',
    '/editor/story',
    '/editor/story/0',
    '/editor/story/new',
    '/editor/story/123',
    '/editor/template',
    '/editor/template/9',
    '/editor/story-ai',
    '/editor/story-ai/77',
    '/editor/bot',
    '/editor/bot/5',
    '/editor/gallery',
    '/editor/demo/components',
    '/editor/protocol',
    '/editor/protocol/other',
    '/EDITOR/Works',
    '//editor//works',
    '/ops',
    '/ops/stories',
  ];

  it.each(allowedOnMobile)('lets a phone stay on %s', (path) => {
    expect(mobileRedirect(path, 'mobile')).toBeNull();
  });

  it.each(redirectedOnMobile)('sends a phone from %s to the mobile page', (path) => {
    expect(mobileRedirect(path, 'mobile')).toBe(MOBILE_PAGE);
  });

  it('sends a phone from the root to the player, not to the editor notice', () => {
    expect(mobileRedirect('/', 'mobile')).toBe(PHONE_HOME);
    expect(mobileRedirect('', 'mobile')).toBe(PHONE_HOME);
    expect(mobileRedirect('/', 'pc')).toBeNull();
  });

  it.each([...allowedOnMobile, ...redirectedOnMobile])(
    'never redirects a desktop or tablet on %s',
    (path) => {
      expect(mobileRedirect(path, 'pc')).toBeNull();
      expect(mobileRedirect(path, 'tablet')).toBeNull();
    },
  );

  it('does not treat look-alike prefixes as the editor', () => {
    expect(mobileRedirect('/editorial', 'mobile')).toBeNull();
    expect(mobileRedirect('/opsy', 'mobile')).toBeNull();
  });
});
