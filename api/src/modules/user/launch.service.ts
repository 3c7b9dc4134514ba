import { SOCKET_POLICY } from 'shared-kit';
import type { AppContext } from '../../lib/context';
import { SOCKET_PATH } from '../../realtime';
import { presentSettings, presentUser } from '../users';

/** App start-up data: who is signed in, where the socket lives, and the user's settings. */
export function launch(ctx: AppContext) {
  const user = ctx.state.user;
  const { guestChatTurns } = ctx.state.accounts.config;
  return {
    is_login: user?.identity === 'User',
    user: user ? presentUser(user) : null,
    ws_config: { url: SOCKET_PATH, path: SOCKET_PATH },
    app_ws_conf: {
      path: SOCKET_PATH,
      max_retries: SOCKET_POLICY.maxRetries,
      open_check_ms: SOCKET_POLICY.openCheckMs,
      detection_every_nth_close: SOCKET_POLICY.detectionEveryNthClose,
    },
    settings: user ? presentSettings(user) : null,
    guest: user?.identity === 'Tour' ? { chat_turns: guestChatTurns, chat_turns_left: Math.max(0, guestChatTurns - user.guest_turns) } : null,
  };
}
