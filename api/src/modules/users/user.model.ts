import mongoose, { type HydratedDocument } from 'mongoose';
import { USER_FIELDS, watchWrites } from './sessionCache';
import { userSchema, type UserFields } from './user.fields';
import { bumpSessionsOnUserWrites } from './userRevision';

export { IDENTITY_PROVIDERS, THEMES, type IdentityProvider, type UserFields } from './user.fields';

// Every write drops the cached sessions of the accounts it could affect (sessionCache.ts); must precede
// compiling the model.
watchWrites(userSchema, USER_FIELDS);
// ...and tells every other process, through the revision on the account's sessions (userRevision.ts).
bumpSessionsOnUserWrites(userSchema);

export const User = mongoose.model('User', userSchema);
export type UserDoc = HydratedDocument<UserFields>;
