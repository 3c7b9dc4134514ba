import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Link, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { LeaveGuard } from './LeaveGuard';
import { leaveGuard, leaveGuardStore } from './store';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function setup(at: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Where />
            <LeaveGuard />
          </>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  const go = (to: string) =>
    act(() => {
      void router.navigate(to);
    });
  return { router, go };
}

const where = () => screen.getByTestId('where').textContent;

afterEach(() => leaveGuardStore.getState().reset());

describe('LeaveGuard', () => {
  it('lets navigation through when nothing is dirty', () => {
    leaveGuard.register({ id: 'story', isDirty: () => false, onConfirm: jest.fn() });
    const { go } = setup('/editor/story/1');
    go('/editor/works');
    expect(where()).toBe('/editor/works');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks to quit, and Not now stays on the page', async () => {
    const onConfirm = jest.fn();
    leaveGuard.register({ id: 'story', isDirty: () => true, onConfirm });
    const { go } = setup('/editor/story/1');
    go('/editor/works');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Confirm' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where()).toBe('/editor/story/1');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Confirm clears the editor state and proceeds', async () => {
    let dirty = true;
    const onConfirm = jest.fn(() => {
      dirty = false;
    });
    leaveGuard.register({ id: 'story', isDirty: () => dirty, onConfirm });
    const { go } = setup('/editor/story/1');
    go('/play');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/play');
  });

  it('keeps a pending leave when the editor moves its own URL while the question is open', async () => {
    // A new story's first automatic save replaces /editor/story/new with its id while the creator is being asked.
    let dirty = true;
    leaveGuard.register({ id: 'story', isDirty: () => dirty, onConfirm: jest.fn() });
    const { router } = setup('/editor/story/new');
    act(() => {
      void router.navigate('/editor/works');
    });
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    // The save lands: nothing is unsaved any more and the editor renames its URL.
    dirty = false;
    act(() => {
      void router.navigate('/editor/story/42', { replace: true });
    });
    // The creator asked to leave, and leaving now loses nothing: the leave goes through.
    await waitFor(() => expect(where()).toBe('/editor/works'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks again for the pending leave when the editor is still dirty after moving its URL', async () => {
    leaveGuard.register({ id: 'story', isDirty: () => true, onConfirm: jest.fn() });
    const { router } = setup('/editor/story/new');
    act(() => {
      void router.navigate('/editor/works');
    });
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    act(() => {
      void router.navigate('/editor/story/42', { replace: true });
    });
    await waitFor(() => expect(where()).toBe('/editor/story/42'));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where()).toBe('/editor/story/42');
  });

  it('asks for a mode switch from the story editor to brainstorm', async () => {
    leaveGuard.register({ id: 'story', isDirty: () => true, onConfirm: jest.fn() });
    const { go } = setup('/editor/story/1');
    go('/editor/story-ai/1');
    expect(await screen.findByRole('dialog', { name: 'Switch to brainstorm mode?' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(where()).toBe('/editor/story/1');
  });

  it('does not ask when a new story gets its id', () => {
    leaveGuard.register({ id: 'story', isDirty: () => true, onConfirm: jest.fn() });
    const { go } = setup('/editor/story/new');
    go('/editor/story/88');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('/editor/story/88');
  });

  it('guards links too, and stops guarding after unregister', async () => {
    const unregister = leaveGuard.register({ id: 'bot', isDirty: () => true, onConfirm: jest.fn() });
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <Link to="/editor/works">Works</Link>
              <Where />
              <LeaveGuard />
            </>
          ),
        },
      ],
      { initialEntries: ['/editor/bot/3'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('link', { name: 'Works' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unregister();
    fireEvent.click(screen.getByRole('link', { name: 'Works' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('/editor/works');
  });

  it('warns on page unload only while dirty', () => {
    let dirty = false;
    leaveGuard.register({ id: 'story', isDirty: () => dirty, onConfirm: jest.fn() });
    setup('/editor/story/1');
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    dirty = true;
    const unsaved = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unsaved);
    expect(unsaved.defaultPrevented).toBe(true);
  });
});

describe('leaveGuardStore', () => {
  it('rejects registrations without an id or callbacks', () => {
    const register = leaveGuard.register as (r: unknown) => unknown;
    expect(() => register({ id: '', isDirty: () => true, onConfirm: () => undefined })).toThrow(
      'non-empty string id',
    );
    expect(() => register({ id: 'x', isDirty: true, onConfirm: () => undefined })).toThrow(
      'isDirty and onConfirm',
    );
    expect(() => register(undefined)).toThrow(TypeError);
  });

  it('treats an isDirty that throws as clean', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    leaveGuard.register({
      id: 'broken',
      isDirty: () => {
        throw new Error('bug');
      },
      onConfirm: jest.fn(),
    });
    expect(leaveGuardStore.getState().dirty()).toEqual([]);
    errors.mockRestore();
  });

  it('a stale unregister does not remove a newer registration with the same id', () => {
    const first = leaveGuard.register({ id: 'story', isDirty: () => true, onConfirm: jest.fn() });
    leaveGuard.register({ id: 'story', isDirty: () => true, onConfirm: jest.fn() });
    first();
    expect(leaveGuardStore.getState().registrations.has('story')).toBe(true);
  });
});
