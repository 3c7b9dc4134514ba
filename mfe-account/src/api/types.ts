// Response types come from the shared contracts (shared-kit's RESPONSE_CONTRACTS), which the api's answers are
// tested against; what the account pages send is typed from the request contracts beside them (`z.input` of the
// schema the api validates with).

export type {
  AccountSettings,
  BlockedUser,
  BlockListPage,
  LogOffCheck,
  NotificationSettings,
  ProfileEdit,
  SettingsPatch,
  UploadedMedia,
  UserDetail,
  UserNameCheck,
} from 'shared-kit';
