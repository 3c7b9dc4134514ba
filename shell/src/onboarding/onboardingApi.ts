import { sessionStore, unwrap, type Envelope } from 'shared-kit';
import { api } from '../http/client';
import { updateAccount } from '../session/account';
import { toSessionUser } from '../session/service';

/** Puts the account the API answered with into the session, keeping what only the shell knows. */
function applyUser(raw: unknown): void {
  const user = toSessionUser(raw);
  const current = sessionStore.getState().user;
  if (!user) return;
  sessionStore
    .getState()
    .setUser({ ...user, creation_forbidden: current?.creation_forbidden ?? user.creation_forbidden });
}

/** `POST /api/tyler/user/log_in_confirm`: records the age answer and the terms agreement together. */
export async function confirmLogIn(isAdult: boolean): Promise<void> {
  const client = await api();
  const user = await unwrap<unknown>(
    client.post<Envelope<unknown>>(
      '/tyler/user/log_in_confirm',
      { is_adult: isAdult, agree_terms: true },
      { silent: true },
    ),
  );
  applyUser(user);
  updateAccount({ needConfirm: false, isAdult });
}

/** `POST /api/tyler/user/save` with the nickname only. */
export async function saveNickname(nickname: string): Promise<void> {
  const client = await api();
  const user = await unwrap<unknown>(
    client.post<Envelope<unknown>>('/tyler/user/save', { nickname }, { silent: true }),
  );
  applyUser(user);
}
