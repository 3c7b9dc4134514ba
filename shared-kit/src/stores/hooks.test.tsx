/** @jest-environment jsdom */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { TeenMode } from '../enums';
import { resetStores, sessionStore, useSessionStore, useToastStore } from './index';

// React warns unless the environment says it supports act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe() {
  const nick = useSessionStore((s) => s.user?.user_nick ?? 'guest');
  const toast = useToastStore((s) => s.current?.message ?? '');
  return (
    <p>
      {nick}|{toast}
    </p>
  );
}

afterEach(() => resetStores());

it('re-renders components when the vanilla store changes', () => {
  const el = document.createElement('div');
  const root = createRoot(el);
  act(() => root.render(<Probe />));
  expect(el.textContent).toBe('guest|');
  act(() => {
    sessionStore.getState().setUser({
      uid: '1',
      biz_uid: '1',
      user_nick: 'Mira',
      roles: [],
      teen_mode: TeenMode.Unknown,
      creation_forbidden: false,
    });
    useToastStore.getState().show({ type: 'info', message: 'hi' });
  });
  expect(el.textContent).toBe('Mira|hi');
  act(() => root.unmount());
});
