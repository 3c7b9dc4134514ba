import mongoose, { type InferSchemaType } from 'mongoose';
import { BanStatus, TeenMode, UserGender, UserIdentity, UserRole, UserStatus } from 'shared-kit';

export const IDENTITY_PROVIDERS = ['google', 'apple', 'shortvideo'] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

export const THEMES = ['system', 'light', 'dark'] as const;

const identitySchema = new mongoose.Schema(
  {
    provider: { type: String, enum: IDENTITY_PROVIDERS, required: true },
    subject: { type: String, required: true },
    email: { type: String },
    linked_at: { type: Date, required: true },
  },
  { _id: false },
);

const banSchema = new mongoose.Schema(
  {
    status: { type: String, enum: Object.values(BanStatus), default: BanStatus.Normal },
    login_until: { type: Date },
    creation_until: { type: Date },
    reason: { type: String },
  },
  { _id: false },
);

const settingsSchema = new mongoose.Schema(
  {
    notify_comments: { type: Boolean, default: true },
    notify_likes: { type: Boolean, default: true },
    notify_follows: { type: Boolean, default: true },
    notify_system: { type: Boolean, default: true },
    language: { type: String, default: 'en' },
    theme: { type: String, enum: THEMES, default: 'system' },
    third_party_data_sharing: { type: Boolean, default: false },
  },
  { _id: false },
);

/** The users collection's schema; user.model.ts installs the sessions' write hooks on it and compiles the model. */
export const userSchema = new mongoose.Schema(
  {
    /** Public numeric-looking id, stable for the account's life; `_id` never leaves the server. */
    uid: { type: String, required: true, unique: true },
    biz_uid: { type: String, required: true, unique: true },
    /** E.164; absent for guests and provider-only accounts. */
    phone: { type: String, unique: true, sparse: true },
    nickname: { type: String, required: true },
    /** The User ID as typed; uniqueness is on `username_key`, so "Alice" and "alice" collide. */
    username: { type: String },
    username_key: { type: String, unique: true, sparse: true },
    avatar: { type: String, default: '' },
    gender: { type: String, enum: Object.values(UserGender), default: UserGender.Default },
    roles: {
      type: [{ type: String, enum: Object.values(UserRole) }],
      default: [UserRole.User],
    },
    /** An operator's finer permissions (OpsPermission), granted by an admin in the console. */
    permissions: { type: [String], default: [] },
    identity: { type: String, enum: Object.values(UserIdentity), required: true },
    status: { type: String, enum: Object.values(UserStatus), default: UserStatus.Normal },
    teen_mode: { type: Number, enum: Object.values(TeenMode), default: TeenMode.Unknown },
    /** null until the age question is answered at first sign-in. */
    is_adult: { type: Boolean, default: null },
    agreed_terms_at: { type: Date, default: null },
    ban: { type: banSchema, default: () => ({}) },
    identities: { type: [identitySchema], default: [] },
    settings: { type: settingsSchema, default: () => ({}) },
    /** Chat turns taken as a guest; the play module compares it with GUEST_CHAT_TURNS. */
    guest_turns: { type: Number, default: 0 },
    /** Membership's end, mirrored by the commerce module so the send path's account read answers isMember. */
    vip_until: { type: Date, default: null },
    /** The membership revision `vip_until` was copied from: a late writer never puts an older end back. */
    vip_rev: { type: Number },
    /** The model the player chose for their plays (CHAT_MODELS); null: the default. A members-only one applies while a member. */
    chat_model: { type: String, default: null },
    last_login_at: { type: Date },
    last_login_country: { type: String },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'users' },
);

// One account per provider subject. Compound on the array's subfields: each user holds at most one entry per provider.
userSchema.index(
  { 'identities.provider': 1, 'identities.subject': 1 },
  { unique: true, partialFilterExpression: { 'identities.subject': { $exists: true } } },
);

export type UserFields = InferSchemaType<typeof userSchema>;
