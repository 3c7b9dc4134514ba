import { createContext, useContext } from 'react';

/** Where the remote's routes start: `/play` under the shell, `/` on its own page (the router adds the basename). */
export const BaseContext = createContext('/play');

/** An absolute path inside the player: `usePlayerPath('story/7')` is `/play/story/7` under the shell. */
export function usePlayerPath(sub = ''): string {
  const base = useContext(BaseContext).replace(/\/+$/, '');
  if (!sub) return base || '/';
  return `${base}/${sub}`;
}
