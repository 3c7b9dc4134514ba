import { z } from 'zod';
import { BanStatus, TeenMode, UserGender, UserIdentity, UserStatus } from '../enums';
import { enumOf, isoDate } from './common';

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
