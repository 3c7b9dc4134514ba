import type { DefaultContext, ParameterizedContext } from 'koa';
import type Koa from 'koa';
import type Router from '@koa/router';
import type { Logger } from './logger';
import type { ClientParams } from './clientParams';
import type { Types } from 'mongoose';
import type { UserDoc, UserFields } from '../modules/user/user.model';
import type { SessionDoc } from '../modules/passport/session.model';
import type { AccountsRuntime } from '../modules/passport/runtime';

/** A caller's account, read-only: the plain one a session was resolved to, or the request's user document. */
export type Account = Readonly<UserFields> & { readonly _id: Types.ObjectId };

/** What every request carries on `ctx.state`, set by the middleware in app.ts. */
export interface AppState {
  requestId: string;
  /** A child logger bound to this request's id. */
  log: Logger;
  /** The common query params (version_code, device_platform, ...), parsed leniently. */
  client: ClientParams;
  /** The validated input of the route, set by `validate`; read it through the validator's `input(ctx)`. */
  input?: unknown;
  /** The signed-in user (a guest has identity Tour), or null; set by `sessionMiddleware`. */
  user: UserDoc | null;
  /** The session behind `user`, or null. */
  session: SessionDoc | null;
  /**
   * The signed-in account as read, shared and read-only (or null): what guards and routes that only look at the
   * caller use, so `user`, a document made on first use, is not made for them.
   */
  account: Account | null;
  /** Config, clock and SMS channel of the accounts code; set by `sessionMiddleware`. */
  accounts: AccountsRuntime;
}

export type AppContext = ParameterizedContext<AppState, DefaultContext>;
export type AppKoa = Koa<AppState, DefaultContext>;
export type AppRouter = Router<AppState, DefaultContext>;
