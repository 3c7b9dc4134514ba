import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import type { AccountsRuntime } from './runtime';
import { presentLoginState } from './passport.presenter';
import { loginWithCode, logout, requestCode, startGuest } from './passport.service';
import { PASSPORT_REQUESTS } from 'shared-kit/schemas';

const { logoutQuery, smsLoginBody, smsSendBody } = PASSPORT_REQUESTS;

const HOUR_MS = 60 * 60 * 1000;
/** Per client address: code checks and guest accounts, beyond the per-number limits of the code store. */
export const LOGIN_PER_IP_HOUR = 300;
const GUESTS_PER_IP_HOUR = 60;

/** Who may call: everyone (these are how a visitor becomes a guest or a user). */
export function passportRoutes(router: AppRouter, runtime: AccountsRuntime): void {
  const sendLimit = rateLimit({ name: 'sms-send', windowMs: HOUR_MS, max: runtime.config.sms.ipSendsPerHour });
  const loginLimit = rateLimit({ name: 'sms-login', windowMs: HOUR_MS, max: LOGIN_PER_IP_HOUR });
  const guestLimit = rateLimit({ name: 'guest', windowMs: HOUR_MS, max: GUESTS_PER_IP_HOUR });

  const send = validate({ body: smsSendBody });
  router.post('/api/passport/sms/send', sendLimit, send, async (ctx) => {
    respond(ctx, await requestCode(ctx, send.input(ctx).body));
  });

  const login = validate({ body: smsLoginBody });
  router.post('/api/passport/sms/login', loginLimit, login, async (ctx) => {
    respond(ctx, await loginWithCode(ctx, login.input(ctx).body));
  });

  router.get('/api/passport/check_login', (ctx) => {
    respond(ctx, presentLoginState(ctx.state.user));
  });

  const out = validate({ query: logoutQuery });
  router.post('/api/passport/logout', out, async (ctx) => {
    respond(ctx, await logout(ctx));
  });

  router.post('/api/passport/guest', guestLimit, async (ctx) => {
    respond(ctx, await startGuest(ctx));
  });
}
