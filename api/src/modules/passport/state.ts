import type { Types } from 'mongoose';
import type { UserDoc, UserFields } from '../users';
import type { SessionDoc } from '../users';
import type { AccountsRuntime } from './runtime';

// The caller's fields on every request's state, owned by the accounts module and merged into lib's `AppState`.
declare module '../../lib/context' {
  interface AppState {
    /** The signed-in user (a guest has identity Tour), or null; set by `sessionMiddleware`. */
    user: UserDoc | null;
    /** The session behind `user`, or null. */
    session: SessionDoc | null;
    /**
     * The signed-in account as read, shared and read-only (or null): what guards and routes that only look at the
     * caller use, so `user`, a document made on first use, is not made for them.
     */
    account: (Readonly<UserFields> & { readonly _id: Types.ObjectId }) | null;
    /** Config, clock and SMS channel of the accounts code; set by `sessionMiddleware`. */
    accounts: AccountsRuntime;
  }
}
