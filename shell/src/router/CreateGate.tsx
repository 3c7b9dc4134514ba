import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionStore, useSessionStore } from 'shared-kit';
import { FORBIDDEN_CREATE_PATH } from '../header/destinations';

/** The editor's routes that start something new: a story, a bot, a template, a brainstorm, a story from a template. */
const CREATE_PATHS = [
  /^\/editor\/story(\/new)?\/?$/,
  /^\/editor\/bot\/?$/,
  /^\/editor\/template(\/new)?\/?$/,
  /^\/editor\/story-ai\/?$/,
  /^\/editor\/gallery\/[^/]+\/use\/?$/,
];

export function isCreatePath(pathname: string): boolean {
  return CREATE_PATHS.some((p) => p.test(pathname));
}

/**
 * Sends a creator under a creation ban to the forbidden-create page as they enter a create route (spec §4), rather
 * than letting them fill a form that saving will refuse. Checked on entering (a new path, or the session becoming
 * known), not while a page is open: a ban met by a save goes there through the save's refusal and the leave guard.
 */
export function CreateGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const status = useSessionStore((s) => s.status);
  const navigate = useNavigate();
  useEffect(() => {
    if (status !== 'user' || !isCreatePath(pathname)) return;
    if (sessionStore.getState().user?.creation_forbidden) void navigate(FORBIDDEN_CREATE_PATH, { replace: true });
  }, [pathname, status, navigate]);
  return <>{children}</>;
}
