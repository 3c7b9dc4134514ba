import { createContext, useContext } from 'react';
import { useLocation, useParams } from 'react-router';

/** Where the shell mounted the console (`/ops`), for absolute links inside it. */
export const BaseContext = createContext('/ops');

export function useBase(): string {
  return useContext(BaseContext);
}

/** The location minus the splat of the mount route; on the remote's own page (no parent route) it is `/`. */
export function useMountPath(): string {
  const { pathname } = useLocation();
  const splat = useParams()['*'];
  if (splat === undefined) return '/';
  const base = pathname.slice(0, pathname.length - splat.length).replace(/\/+$/, '');
  return base || '/';
}

/** `base` joined with `path`, with one slash between. */
export const under = (base: string, path = ''): string => `${base.replace(/\/+$/, '')}/${path}`.replace(/\/$/, '') || '/';
