/** Limits of the console's mail (`/api/ops/mail/send`) and pushes (`/api/ops/push/send`); the spec names none. */
export const OPS_MAIL = {
  /** Characters of a title (mail and push). */
  titleMax: 60,
  /** Characters of a mail's text. */
  textMax: 1000,
  /** Characters of a push's text: one line on a banner. */
  pushTextMax: 200,
  /** Accounts named in one send to a list. */
  usersMax: 1000,
  /** Characters of a link (a path starting with `/`). */
  linkMax: 200,
} as const;

/** Marks a push an operator sent (`POST /api/ops/push/send`): the shell shows it as a banner. */
export const OPS_PUSH_FLAG = 'ops_push';

/** How far back the console's dashboard (`GET /api/ops/stats`) looks by default: today (UTC) and the 29 days before. */
export const OPS_STATS_DAYS = 30;
/** The ranges the dashboard offers, in days (today included). */
export const OPS_STATS_RANGES = [7, 30, 90] as const;
