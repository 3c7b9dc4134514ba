import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { reactToApiError } from '../errors/reactions';
import { endSession } from './service';

/**
 * The shell's reaction to an API error (spec §8) for calls a page makes silently: region blocks, login bans and the
 * other shell-wide codes get their usual reaction; the page shows its own message only when this returns false.
 */
export function useShellReaction(): (error: unknown) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (error: unknown) =>
      reactToApiError(error, {
        navigate: (to, options) => void navigate(to, options),
        location,
        logout: endSession,
      }),
    [navigate, location],
  );
}
