import mongoose from 'mongoose';
import { ErrorCode, OpsPermission, type OpsIdentityAccount } from 'shared-kit';
import { IDENTITY_REQUESTS as r } from 'shared-kit/schemas';
import type { IdentitySettings } from '../../config';
import { currentAccount, requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import type { EventBus } from '../../realtime';
import { requirePermission, writeAudit } from '../staff';
import { registerUserDeletionHook, userByUid } from '../users';
import { attemptsToday, resetAttempts } from './attempts';
import { ageFreezing, certificationOf, certifyIdentity, setAgeFreezing, type IdentityDeps } from './certify.service';
import { IdentityAttempt, IdentityRecord, OnlineDay } from './identity.model';
import { noticeSeen, regionNotice } from './notice.service';
import { changePasscode, disableWithPasscode, setPasscode } from './passcode.service';
import { playClock, playClockRoutes, type PlayClock } from './playClock';
import { onlineTick, playTimeOf, type PlayTimeDeps } from './playTime.service';
import { formatCheckProvider, httpProvider, type IdentityProvider } from './provider';
import { moveWaitingJobs } from './unban.job';

const BASE = '/api/tyler/user';
/**
 * The online tick's path: the app resolves its session by revision (the account cached in the process while its
 * sessions' revision holds), so a tick a minute costs the session's read and the day's write, not the account's read.
 */
export const ONLINE_TICK_PATH = `${BASE}/online_tick`;

// An account's verification (the number's keyed hash, the masked name, the passcode), its attempts and its play time
// go with it: the same number may then be verified on another account.
registerUserDeletionHook({
  name: 'identity',
  count: (uid) => IdentityRecord.countDocuments({ _id: uid }),
  remove: async (uid) => {
    await Promise.all([IdentityRecord.deleteOne({ _id: uid }), IdentityAttempt.deleteMany({ uid }), OnlineDay.deleteMany({ uid })]);
  },
});

export interface IdentityRouteDeps {
  settings: IdentitySettings;
  events: EventBus;
  now: () => number;
  /** Play time's clock: `now`, unless the app gives one a browser test can move (playClock.ts). */
  playClock?: PlayClock;
  /** Overrides the configured provider (tests). */
  provider?: IdentityProvider;
  /** Throws unless the play is the account's own (the play module's `ownPlay`, given by the app). */
  ownPlay: (playId: string, uid: string) => Promise<unknown>;
}

/** The deps the play and feed guards read; set when the routes are registered. */
export let playTimeDeps: PlayTimeDeps | null = null;
/** The deps of the checks other modules call (the `teen_mode` switch); set when the routes are registered. */
export let identityDeps: IdentityDeps | null = null;

/**
 * Who may call: everything under `/api/tyler/user/` a signed-in account (identity User; guests get 1007), each on
 * its own account only; `/api/ops/identity/*` operators with the moderator permission (or admin), every reset audited.
 */
export function identityRoutes(router: AppRouter, deps: IdentityRouteDeps): void {
  const provider = deps.provider ?? (deps.settings.provider ? httpProvider(deps.settings.provider.url, deps.settings.provider.key) : formatCheckProvider);
  const d: IdentityDeps = { settings: deps.settings, provider, now: deps.now };
  const clock = deps.playClock ?? playClock(false, deps.now);
  const pt: PlayTimeDeps = { settings: deps.settings, events: deps.events, now: clock.now };
  playTimeDeps = pt;
  identityDeps = d;
  const uidOf = (ctx: Parameters<typeof currentAccount>[0]) => currentAccount(ctx).uid;

  const certify = validate({ body: r.certifyBody });
  router.post(`${BASE}/certify_identity`, requireUser, certify, async (ctx) => respond(ctx, await certifyIdentity(d, uidOf(ctx), certify.input(ctx).body)));
  router.get(`${BASE}/check_certification`, requireUser, async (ctx) => respond(ctx, await certificationOf(d, uidOf(ctx))));

  router.get(`${BASE}/age_freezing/get`, requireUser, async (ctx) => respond(ctx, await ageFreezing(uidOf(ctx))));
  const age = validate({ body: r.ageFreezingBody });
  router.post(`${BASE}/age_freezing/set`, requireUser, age, async (ctx) => respond(ctx, await setAgeFreezing(uidOf(ctx), age.input(ctx).body.is_adult)));

  const tick = validate({ body: r.onlineTickBody });
  router.post(ONLINE_TICK_PATH, requireUser, tick, async (ctx) => {
    const account = currentAccount(ctx);
    const playId = tick.input(ctx).body.play_id;
    // A tick names the caller's own play; another's is refused as not found (1050001), and nothing is counted.
    if (playId) await deps.ownPlay(playId, account.uid);
    respond(ctx, await onlineTick(pt, account));
  });
  playClockRoutes(router, clock, async (byMs) => {
    if (mongoose.connection.db) await moveWaitingJobs(mongoose.connection.db, byMs);
  });
  router.get(`${BASE}/anti_addiction/status`, requireUser, async (ctx) => respond(ctx, await playTimeOf(pt, currentAccount(ctx))));

  const pass = validate({ body: r.passcodeBody });
  router.post(`${BASE}/teen_mode/passcode/set`, requireUser, pass, async (ctx) => respond(ctx, await setPasscode(d, uidOf(ctx), pass.input(ctx).body.passcode)));
  const off = validate({ body: r.passcodeBody });
  router.post(`${BASE}/teen_mode/passcode/disable`, requireUser, off, async (ctx) =>
    respond(ctx, await disableWithPasscode(d, uidOf(ctx), off.input(ctx).body.passcode)),
  );
  const change = validate({ body: r.passcodeChangeBody });
  router.post(`${BASE}/teen_mode/passcode/change`, requireUser, change, async (ctx) => {
    const { passcode, new_passcode } = change.input(ctx).body;
    respond(ctx, await changePasscode(d, uidOf(ctx), passcode, new_passcode));
  });

  router.get(`${BASE}/region_notice`, requireUser, async (ctx) => {
    const account = currentAccount(ctx);
    respond(ctx, await regionNotice(account.uid, account.last_login_country));
  });
  const seen = validate({ body: r.noticeSeenBody });
  router.post(`${BASE}/region_notice/seen`, requireUser, seen, async (ctx) => respond(ctx, await noticeSeen(uidOf(ctx), seen.input(ctx).body.region)));

  const moderator = requirePermission(OpsPermission.Moderator);
  const opsView = async (uid: string): Promise<OpsIdentityAccount> => {
    const user = await userByUid(uid);
    if (!user) throw new AppError(ErrorCode.RecordNotFound, 'No such account', { data: { field: 'uid' } });
    const now = deps.now();
    const [cert, record, attempts, passcodeFails, play] = await Promise.all([
      certificationOf(d, uid),
      IdentityRecord.findById(uid, { certified_at: 1 }).lean(),
      attemptsToday('certify', uid, now),
      attemptsToday('passcode', uid, now),
      playTimeOf(pt, user),
    ]);
    return {
      uid,
      certification: cert.certification,
      name_masked: cert.name_masked,
      certified_at: record?.certified_at ? record.certified_at.toISOString() : null,
      teen_mode: cert.teen_mode,
      attempts_today: attempts,
      passcode_fails_today: passcodeFails,
      play_time: play,
    };
  };
  const view = validate({ query: r.opsAccountQuery });
  router.get('/api/ops/identity/account', moderator, view, async (ctx) => respond(ctx, await opsView(view.input(ctx).query.uid)));
  const reset = validate({ body: r.opsResetBody });
  router.post('/api/ops/identity/reset_attempts', moderator, reset, async (ctx) => {
    const { uid, reason } = reset.input(ctx).body;
    const before = await opsView(uid);
    await writeAudit({
      operator_uid: uidOf(ctx),
      action: 'identity.reset_attempts',
      target_type: 'user',
      target_id: uid,
      before: { attempts_today: before.attempts_today, passcode_fails_today: before.passcode_fails_today },
      after: { attempts_today: 0, passcode_fails_today: 0 },
      reason,
      at: new Date(deps.now()),
    });
    await resetAttempts(uid, deps.now());
    respond(ctx, await opsView(uid));
  });
}
