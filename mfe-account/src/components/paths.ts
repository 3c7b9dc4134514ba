import { createContext, useContext } from 'react';

/** Where the remote's routes start: `/account` under the shell, `/` on its own page (the router adds the basename). */
export const BaseContext = createContext('/account');

/** An absolute path inside the account area: `useAccountPath('edit')` is `/account/edit` under the shell. */
export function useAccountPath(sub = ''): string {
  const base = useContext(BaseContext).replace(/\/+$/, '');
  if (!sub) return base || '/';
  return `${base}/${sub}`;
}
