import { z } from 'zod';
import { BanStatus, TeenMode, UserGender, UserIdentity, UserStatus } from '../enums';
import { enumOf, isoDate } from './common';
import { idString, pageQuerySchema } from '../schemas/common';

/** The signed-in user's own view of the account (profile, launch, login answers). */
export const selfUserSchema = z.object({
  uid: z.string(),
  biz_uid: z.string(),
  nickname: z.string(),
  username: z.string(),
  /** An uploaded picture's id, or an http(s) URL; empty when none. */
  avatar: z.string(),
  gender: enumOf(UserGender),
  roles: z.array(z.string()),
  identity: enumOf(UserIdentity),
  status: enumOf(UserStatus),
  teen_mode: enumOf(TeenMode),
  is_adult: z.boolean().nullable(),
  agreed_terms: z.boolean(),
  need_confirm: z.boolean(),
  phone: z.string().nullable(),
  ban: z.object({
    status: enumOf(BanStatus),
    login_until: isoDate.nullable(),
    creation_until: isoDate.nullable(),
  }),
  guest_turns: z.number().int(),
  created_at: isoDate.nullable(),
  /** The end of the membership (the header's member badge while it is in the future); null when never a member. */
  vip_until: isoDate.nullable().optional(),
});
export type SelfUser = z.infer<typeof selfUserSchema>;

/** `GET /tyler/user/detail`: the profile page's fields and counts. */
export const userDetailSchema = selfUserSchema.extend({
  user_nick: z.string(),
  follower_count: z.number().int(),
  following_count: z.number().int(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** `GET /tyler/user/check_user_name`. */
export const userNameCheckSchema = z.object({
  available: z.boolean(),
  reason: z.enum(['length', 'characters', 'only_digits', 'taken']).optional(),
  message: z.string().optional(),
});
export type UserNameCheck = z.infer<typeof userNameCheckSchema>;

export const notificationSettingsSchema = z.object({
  comments: z.boolean(),
  likes: z.boolean(),
  follows: z.boolean(),
  system: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** `GET /tyler/user/settings/get`. */
export const accountSettingsSchema = z.object({
  notifications: notificationSettingsSchema,
  language: z.string(),
  theme: z.enum(['system', 'light', 'dark']),
  third_party_data_sharing: z.boolean(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const blockedUserSchema = z.object({
  uid: z.string(),
  nickname: z.string(),
  username: z.string(),
  avatar: z.string(),
  blocked_at: isoDate.nullable(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

/** `GET /tyler/user/block_list`. */
export const blockListPageSchema = z.object({
  list: z.array(blockedUserSchema),
  total: z.number().int(),
  offset: z.number().int(),
  has_more: z.boolean(),
  next_offset: z.number().int(),
});
export type BlockListPage = z.infer<typeof blockListPageSchema>;

export const blockResultSchema = z.object({ uid: z.string(), blocked: z.boolean() });

/** `GET /tyler/user/check_log_off`: what deleting the account removes, with counts. */
export const logOffCheckSchema = z.object({
  uid: z.string(),
  items: z.array(z.object({ name: z.string(), count: z.number().int() })),
  notice: z.string(),
});
export type LogOffCheck = z.infer<typeof logOffCheckSchema>;

/** `GET /tyler/user/launch`: who is signed in, where the socket lives, and the user's settings. */
export const launchSchema = z.object({
  is_login: z.boolean(),
  user: selfUserSchema.nullable(),
  ws_config: z.object({ url: z.string(), path: z.string() }),
  app_ws_conf: z.object({
    path: z.string(),
    max_retries: z.number().int(),
    open_check_ms: z.number().int(),
    detection_every_nth_close: z.number().int(),
  }),
  settings: accountSettingsSchema.nullable(),
  guest: z.object({ chat_turns: z.number().int(), chat_turns_left: z.number().int() }).nullable(),
});
export type Launch = z.infer<typeof launchSchema>;

/** `check_login` and the login calls: the session's state. */
export const loginStateSchema = z.object({ is_login: z.boolean(), user: selfUserSchema.optional() });
export type LoginState = z.infer<typeof loginStateSchema>;

/*
 * What the account pages send to `/api/tyler/user/*`, as the api validates it. Types only in the profile: length
 * and character rules of nickname, username and avatar are checked by the api's service, which answers with the
 * spec's own codes (nickname length, username format, ...) rather than the generic 1009.
 */
const profileSaveBody = z
  .object({
    nickname: z.string().optional(),
    username: z.string().optional(),
    avatar: z.string().optional(),
    gender: z.enum(Object.values(UserGender) as [string, ...string[]]).optional(),
  })
  .strict();

const settingsUpdateBody = z
  .object({
    notifications: z
      .object({
        comments: z.boolean().optional(),
        likes: z.boolean().optional(),
        follows: z.boolean().optional(),
        system: z.boolean().optional(),
      })
      .strict()
      .optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/, 'must be a language tag such as en or pt-BR')
      .optional(),
    theme: accountSettingsSchema.shape.theme.optional(),
    third_party_data_sharing: z.boolean().optional(),
  })
  .strict();

/** The request schemas of the account calls, by the part of the call they check. */
export const ACCOUNT_REQUESTS = {
  /** `POST /tyler/user/save`. */
  saveBody: profileSaveBody,
  checkUserNameQuery: z.object({ user_name: z.string() }),
  /** `POST /tyler/user/settings/update`. */
  settingsUpdateBody,
  /** `block`, `unblock`. */
  uidBody: z.object({ uid: idString }),
  blockListQuery: pageQuerySchema,
  logInConfirmBody: z.object({ is_adult: z.boolean(), agree_terms: z.boolean() }),
  /** Turning youth mode off with a parental passcode set needs `passcode` (four digits). */
  teenModeBody: z.object({ enable: z.boolean(), passcode: z.string().regex(/^\d{4}$/, 'expected four digits').optional() }),
  logOffBody: z.object({ reason: z.string().max(500).optional() }).optional(),
};

/** `POST /api/tyler/user/save`: the profile fields changed. */
export type ProfileEdit = z.input<typeof profileSaveBody>;
/** `POST /api/tyler/user/settings/update`: the settings changed. */
export type SettingsPatch = z.input<typeof settingsUpdateBody>;
/** `GET /api/tyler/user/check_user_name`'s query. */
export type UserNameQuery = z.input<typeof ACCOUNT_REQUESTS.checkUserNameQuery>;
/** `POST /api/tyler/user/block` and `unblock`. */
export type BlockRequest = z.input<typeof ACCOUNT_REQUESTS.uidBody>;
/** `GET /api/tyler/user/block_list`'s query. */
export type BlockListQuery = z.input<typeof ACCOUNT_REQUESTS.blockListQuery>;
/** `POST /api/tyler/user/log_in_confirm`. */
export type LogInConfirmRequest = z.input<typeof ACCOUNT_REQUESTS.logInConfirmBody>;
/** `POST /api/tyler/user/teen_mode`. */
export type TeenModeRequest = z.input<typeof ACCOUNT_REQUESTS.teenModeBody>;
/** `POST /api/tyler/user/log_off`. */
export type LogOffRequest = z.input<typeof ACCOUNT_REQUESTS.logOffBody>;
