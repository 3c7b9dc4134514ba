import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { TeenMode, resetStores, sessionStore } from 'shared-kit';
import { CreateGate, isCreatePath } from './CreateGate';

const user = { uid: '1', biz_uid: '1', user_nick: 'A', roles: [], teen_mode: TeenMode.Disable, creation_forbidden: false };

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function at(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <CreateGate>
              <Where />
            </CreateGate>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => resetStores());

describe('the create gate', () => {
  it('knows the create routes', () => {
    for (const p of ['/editor/story', '/editor/story/new', '/editor/bot', '/editor/template/new', '/editor/story-ai', '/editor/gallery/12/use']) {
      expect(isCreatePath(p)).toBe(true);
    }
    for (const p of ['/editor/story/123', '/editor/bot/9', '/editor/works', '/editor/story-ai/77', '/editor/gallery/12']) expect(isCreatePath(p)).toBe(false);
  });

  it('sends a creator under a creation ban from a create route to the forbidden-create page, once the session is known', () => {
    at('/editor/story/new');
    expect(screen.getByTestId('where').textContent).toBe('/editor/story/new');
    act(() => sessionStore.getState().setUser({ ...user, creation_forbidden: true } as never));
    expect(screen.getByTestId('where').textContent).toBe('/editor/forbidden-create');
  });

  it('leaves others, and other routes, alone', () => {
    sessionStore.getState().setUser(user as never);
    at('/editor/story/new');
    expect(screen.getByTestId('where').textContent).toBe('/editor/story/new');
  });

  it('lets a banned creator open an existing story (its save is refused instead)', () => {
    sessionStore.getState().setUser({ ...user, creation_forbidden: true } as never);
    at('/editor/story/123');
    expect(screen.getByTestId('where').textContent).toBe('/editor/story/123');
  });
});
