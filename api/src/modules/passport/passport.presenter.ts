import type { UserDoc } from '../user/user.model';
import { presentUser } from '../user/user.presenter';

export function presentLoginState(user: UserDoc | null) {
  return user ? { is_login: user.identity === 'User', user: presentUser(user) } : { is_login: false };
}
