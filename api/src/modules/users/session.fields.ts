import mongoose, { type InferSchemaType } from 'mongoose';

/** The sessions collection's schema; session.model.ts installs the cache's write hooks on it and compiles the model. */
export const sessionSchema = new mongoose.Schema(
  {
    /** sha256 of the cookie's random token: a leaked database does not yield usable cookies. */
    token_hash: { type: String, required: true, unique: true },
    uid: { type: String, required: true, index: true },
    /** The database drops expired sessions on its own; lookups also check the date, since TTL sweeps lag. */
    expires_at: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
    last_seen_at: { type: Date, required: true },
    ua: { type: String, default: '' },
    ip: { type: String, default: '' },
    /** Bumped by every write to the account (userRevision.ts): a process holding the account cached reads it again. */
    user_rev: { type: Number, default: 0 },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: false }, collection: 'sessions' },
);

export type SessionFields = InferSchemaType<typeof sessionSchema>;
