import {
  ErrorCode,
  StorageKey,
  UI_MESSAGES,
  isApiError,
  sessionStore,
  storage,
  toastStore,
  type ToastInput,
} from 'shared-kit';
import { messageForCode, uiMessage } from 'ui-kit';
import { shellT } from '../i18n';
import { bannedMessage } from '../pages/login/messages';
import { setBanNotice } from '../session/banNotice';

/** Where the shell sends people for the reactions of spec §8. */
export const PATHS = {
  home: '/editor',
  login: '/login',
  works: '/editor/works',
  noAccess: '/editor/no-access',
  restricted: '/editor/restricted-access',
  restrictedWithFeedback: '/editor/restricted-access?feedback=1',
  forbiddenCreate: '/editor/forbidden-create',
} as const;

/** The toast for a server-level failure (a 1016 that is not a lost request), in the current language. */
export function serverExceptionMessage(): string {
  return shellT('serverException');
}

/** The swipe-out reaction (6001) runs at most once in this window, however many requests fail together. */
export const SWIPE_OUT_THROTTLE_MS = 4000;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface ReactionContext {
  navigate: (to: string, options?: NavigateOptions) => void;
  /** The location the failing request was made from. */
  location: { pathname: string; search?: string; hash?: string };
  /** Ends the session (server call and local clear); the reaction does not wait for it. */
  logout: () => void | Promise<unknown>;
  /** Defaults to the shared toast store. */
  toast?: (toast: ToastInput) => void;
}

/** State handed to the forbidden-create page by a creation ban. */
export interface ForbiddenCreateState {
  creation_until: string | null;
}

/** State handed to the no-access page. */
export interface NoAccessState {
  code: number;
}

/**
 * Codes that mean "you may not see this": the spec's 1008 plus the story-permission family
 * (1201 no permission, 3001 user story info permission). The spec names a no-inner-test error without a number;
 * it arrives as one of these.
 */
export const NO_ACCESS_CODES: ReadonlySet<number> = new Set([
  ErrorCode.NoAccess,
  ErrorCode.NoPermission,
  ErrorCode.UserStoryInfoPermission,
]);

let lastSwipeOutAt = Number.NEGATIVE_INFINITY;

/** For tests: forget the swipe-out throttle. */
export function resetReactions(): void {
  lastSwipeOutAt = Number.NEGATIVE_INFINITY;
}

function pathOf(location: ReactionContext['location']): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/** Remembers where to come back to after logging in; the login pages themselves are never remembered. */
export function rememberRoute(path: string): void {
  if (path.startsWith(PATHS.login) || path.startsWith('/auth/')) return;
  storage.set(StorageKey.LoginRedirect, path);
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

function runLogout(logout: ReactionContext['logout']): void {
  try {
    void Promise.resolve(logout()).catch((error: unknown) =>
      console.error('logout after an API error failed', error),
    );
  } catch (error) {
    console.error('logout after an API error failed', error);
  }
}

/**
 * The one place that turns an API error into what the user sees (spec §8). Wired as the shared API client's
 * `onApiError`, and exposed to remotes as `window.__SHELL__.reactToApiError`.
 * Returns true when the code has a shell-wide reaction; other codes are left to the calling screen.
 */
export function reactToApiError(error: unknown, context: ReactionContext): boolean {
  const toast = context.toast ?? ((t: ToastInput) => void toastStore.getState().show(t));
  if (!isApiError(error)) {
    // A remote calling fetch itself hands over the browser's TypeError for a request that never got an answer.
    if (isNetworkFailure(error)) {
      toast({ type: 'error', message: uiMessage('networkError') });
      return true;
    }
    return false;
  }
  const { navigate, location, logout } = context;
  // The client's own message for a code of the spec's catalogue, else the server's.
  const message = messageForCode(error.code, error.statusMessage);

  switch (error.code) {
    case ErrorCode.NeedLogin:
      toast({ type: 'error', message });
      rememberRoute(pathOf(location));
      navigate(PATHS.login);
      return true;
    case ErrorCode.NoStory:
      toast({ type: 'error', message });
      navigate(PATHS.works);
      return true;
    case ErrorCode.ClientParamError:
      toast({ type: 'warning', message: uiMessage('requestParamError') });
      return true;
    case ErrorCode.AreaForbidden:
    case ErrorCode.AreaForbiddenWithFeedback:
      toast({ type: 'error', message });
      runLogout(logout);
      navigate(error.code === ErrorCode.AreaForbidden ? PATHS.restricted : PATHS.restrictedWithFeedback, {
        replace: true,
      });
      return true;
    case ErrorCode.LoginOnly: {
      // Spec §6: a login-only user may not create; the header then hides My Story and the logo leads here too.
      const { user, setUser } = sessionStore.getState();
      if (user && !user.creation_forbidden) setUser({ ...user, creation_forbidden: true });
      navigate(PATHS.forbiddenCreate, { replace: true });
      return true;
    }
    case ErrorCode.UserCreateBan: {
      // A creation ban (1010250): the forbidden-create page shows its end date and reason, and takes the appeal.
      const { user, setUser } = sessionStore.getState();
      if (user && !user.creation_forbidden) setUser({ ...user, creation_forbidden: true });
      const data = (error.data ?? {}) as { creation_until?: unknown };
      const state: ForbiddenCreateState = { creation_until: typeof data.creation_until === 'string' ? data.creation_until : null };
      navigate(PATHS.forbiddenCreate, { replace: true, state });
      return true;
    }
    case ErrorCode.UserBanned: {
      // A login ban (1015): on the login page the form shows it; elsewhere the session is over, with the end date.
      if (location.pathname.startsWith(PATHS.login)) return false;
      const banned = bannedMessage((error.data ?? {}) as Record<string, unknown>);
      setBanNotice(banned);
      toast({ type: 'error', message: banned });
      runLogout(logout);
      navigate(PATHS.login, { replace: true });
      return true;
    }
    case ErrorCode.BackendNetworkError:
      // The shared client reports a request that got no answer as 1016 with the network-error message; that case
      // is the spec's network-error toast. Any other 1016 (HTTP 5xx, a backend envelope) is a server-level exception.
      if (error.statusMessage === UI_MESSAGES.networkError) toast({ type: 'error', message: uiMessage('networkError') });
      else toast({ type: 'warning', message: serverExceptionMessage() });
      return true;
    case ErrorCode.SwipeOut: {
      const now = Date.now();
      if (now - lastSwipeOutAt < SWIPE_OUT_THROTTLE_MS) return true;
      lastSwipeOutAt = now;
      toast({ type: 'warning', message });
      runLogout(logout);
      rememberRoute(pathOf(location));
      navigate(PATHS.login, { replace: true });
      return true;
    }
    case ErrorCode.TemplateForbidden:
      toast({ type: 'error', message });
      navigate(PATHS.works);
      return true;
    default:
      if (NO_ACCESS_CODES.has(error.code)) {
        const state: NoAccessState = { code: error.code };
        navigate(PATHS.noAccess, { state, replace: true });
        return true;
      }
      return false;
  }
}
