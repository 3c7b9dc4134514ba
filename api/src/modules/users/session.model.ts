import mongoose, { type HydratedDocument } from 'mongoose';
import { SESSION_FIELDS, watchWrites } from './sessionCache';
import { sessionSchema, type SessionFields } from './session.fields';

export type { SessionFields } from './session.fields';

// Every write drops the cached sessions it could affect (see sessionCache.ts); must precede compiling the model.
watchWrites(sessionSchema, SESSION_FIELDS);

export const Session = mongoose.model('Session', sessionSchema);
export type SessionDoc = HydratedDocument<SessionFields>;
