import type { UserDoc } from '../user';
import { presentUser } from '../user';

export function presentLoginState(user: UserDoc | null) {
  return user ? { is_login: user.identity === 'User', user: presentUser(user) } : { is_login: false };
}
