import { sessionStore, type TeenMode } from 'shared-kit';
import { useProfileStore } from '../../stores/profile/store';

/** Youth mode as the server answered it, into the profile and the session (the shell's header reads the latter). */
export function applyTeenMode(mode: TeenMode): void {
  const profile = useProfileStore.getState();
  if (profile.user && profile.user.teen_mode !== mode) profile.patchUser({ teen_mode: mode });
  const session = sessionStore.getState();
  if (session.user && session.user.teen_mode !== mode) session.setUser({ ...session.user, teen_mode: mode });
}
