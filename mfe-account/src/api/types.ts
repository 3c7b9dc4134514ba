// Response types come from the shared contracts (shared-kit's RESPONSE_CONTRACTS), which the api's answers are
// tested against; only the shapes the account pages send are written here.
import type { NotificationSettings } from 'shared-kit';

export type {
  AccountSettings,
  BlockedUser,
  BlockListPage,
  LogOffCheck,
  NotificationSettings,
  UploadedMedia,
  UserDetail,
  UserNameCheck,
} from 'shared-kit';

export interface ProfileEdit {
  nickname?: string;
  username?: string;
  avatar?: string;
}

export interface SettingsPatch {
  notifications?: Partial<NotificationSettings>;
  language?: string;
  third_party_data_sharing?: boolean;
}
