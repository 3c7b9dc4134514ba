import type { UserDoc } from '../users';
import { presentUser } from '../users';

export function presentLoginState(user: UserDoc | null) {
  return user ? { is_login: user.identity === 'User', user: presentUser(user) } : { is_login: false };
}
