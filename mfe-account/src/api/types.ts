import type { TeenMode } from 'shared-kit';

/** `GET /tyler/user/detail`: the signed-in user's own profile. */
export interface UserDetail {
  uid: string;
  biz_uid: string;
  user_nick: string;
  nickname: string;
  username: string;
  /** An uploaded picture's id, or an http(s) URL; empty when none. */
  avatar: string;
  identity: string;
  teen_mode: TeenMode;
  roles: string[];
  follower_count: number;
  following_count: number;
}

export interface ProfileEdit {
  nickname?: string;
  username?: string;
  avatar?: string;
}

/** `GET /tyler/user/check_user_name`. */
export interface UserNameCheck {
  available: boolean;
  reason?: 'length' | 'characters' | 'only_digits' | 'taken';
  message?: string;
}

/** `POST /editor/upload`. */
export interface UploadedMedia {
  id: string;
  url: string;
  width: number;
  height: number;
  mime: string;
}

export interface NotificationSettings {
  comments: boolean;
  likes: boolean;
  follows: boolean;
  system: boolean;
}

/** `GET /tyler/user/settings/get`. */
export interface AccountSettings {
  notifications: NotificationSettings;
  language: string;
  theme: 'system' | 'light' | 'dark';
  third_party_data_sharing: boolean;
}

export interface SettingsPatch {
  notifications?: Partial<NotificationSettings>;
  language?: string;
  third_party_data_sharing?: boolean;
}

export interface BlockedUser {
  uid: string;
  nickname: string;
  username: string;
  avatar: string;
  blocked_at: string | null;
}

/** `GET /tyler/user/block_list`. */
export interface BlockListPage {
  list: BlockedUser[];
  total: number;
  offset: number;
  has_more: boolean;
  next_offset: number;
}

/** `GET /tyler/user/check_log_off`: what deleting the account removes, with counts. */
export interface LogOffCheck {
  uid: string;
  items: Array<{ name: string; count: number }>;
  notice: string;
}
