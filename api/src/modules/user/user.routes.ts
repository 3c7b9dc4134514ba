import { currentUser, requireSession, requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { requestLanguage } from '../../lib/language';
import { blockList, blockUser, unblockUser } from './block.service';
import { launch } from './launch.service';
import { checkLogOff, logOff } from './logoff.service';
import { confirmLogIn, setTeenMode } from './onboarding.service';
import { checkUserName, saveProfile, userDetail } from './profile.service';
import { updateSettings } from './settings.service';
import { presentSettings } from '../users';
import { ACCOUNT_REQUESTS } from 'shared-kit/schemas';

const BASE = '/api/tyler/user';
const { blockListQuery, checkUserNameQuery, logInConfirmBody, logOffBody, saveBody, settingsUpdateBody, teenModeBody, uidBody } = ACCOUNT_REQUESTS;

/**
 * Who may call: `launch` and `check_user_name` anyone; `detail` and settings any session (guest included);
 * the rest a signed-in account (identity User).
 */
export interface UserRouteDeps {
  /**
   * Before youth mode is turned off: throws unless it may be (the identity module's `checkYouthModeOff`: not a
   * verified minor, and the parental passcode when one is set), given by the app so this module does not import it.
   */
  checkYouthModeOff: (uid: string, passcode: string | undefined) => Promise<void>;
}

export function userRoutes(router: AppRouter, deps: UserRouteDeps): void {
  router.get(`${BASE}/launch`, (ctx) => respond(ctx, launch(ctx)));

  router.get(`${BASE}/detail`, requireSession, async (ctx) => respond(ctx, await userDetail(currentUser(ctx))));

  const save = validate({ body: saveBody });
  router.post(`${BASE}/save`, requireUser, save, async (ctx) => {
    respond(ctx, await saveProfile(currentUser(ctx), save.input(ctx).body));
  });

  const checkName = validate({ query: checkUserNameQuery });
  router.get(`${BASE}/check_user_name`, checkName, async (ctx) => {
    respond(ctx, await checkUserName(checkName.input(ctx).query.user_name, ctx.state.user));
  });

  router.get(`${BASE}/settings/get`, requireSession, (ctx) => respond(ctx, presentSettings(currentUser(ctx))));
  const settings = validate({ body: settingsUpdateBody });
  router.post(`${BASE}/settings/update`, requireSession, settings, async (ctx) => {
    respond(ctx, await updateSettings(currentUser(ctx), settings.input(ctx).body));
  });

  const block = validate({ body: uidBody });
  router.post(`${BASE}/block`, requireUser, block, async (ctx) => {
    respond(ctx, await blockUser(currentUser(ctx), block.input(ctx).body.uid));
  });
  const unblock = validate({ body: uidBody });
  router.post(`${BASE}/unblock`, requireUser, unblock, async (ctx) => {
    respond(ctx, await unblockUser(currentUser(ctx), unblock.input(ctx).body.uid));
  });
  const list = validate({ query: blockListQuery });
  router.get(`${BASE}/block_list`, requireUser, list, async (ctx) => {
    respond(ctx, await blockList(currentUser(ctx), list.input(ctx).query));
  });

  const confirm = validate({ body: logInConfirmBody });
  router.post(`${BASE}/log_in_confirm`, requireUser, confirm, async (ctx) => {
    respond(ctx, await confirmLogIn(currentUser(ctx), confirm.input(ctx).body, ctx.state.accounts.now()));
  });
  const teen = validate({ body: teenModeBody });
  router.post(`${BASE}/teen_mode`, requireUser, teen, async (ctx) => {
    const { enable, passcode } = teen.input(ctx).body;
    respond(ctx, await setTeenMode(currentUser(ctx), enable, passcode, deps.checkYouthModeOff));
  });

  router.get(`${BASE}/check_log_off`, requireUser, async (ctx) => respond(ctx, await checkLogOff(currentUser(ctx), requestLanguage(ctx))));
  const off = validate({ body: logOffBody });
  router.post(`${BASE}/log_off`, requireUser, off, async (ctx) => respond(ctx, await logOff(ctx, currentUser(ctx))));
}
