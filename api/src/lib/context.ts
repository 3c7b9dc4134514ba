import type { DefaultContext, ParameterizedContext } from 'koa';
import type Koa from 'koa';
import type Router from '@koa/router';
import type { Logger } from './logger';
import type { ClientParams } from './clientParams';

/**
 * What every request carries on `ctx.state`, set by the middleware in app.ts. The accounts module adds the caller's
 * fields (`user`, `session`, `account`, `accounts`) by declaration merging in `modules/passport/state.ts`, so lib
 * imports no module.
 */
export interface AppState {
  requestId: string;
  /** A child logger bound to this request's id. */
  log: Logger;
  /** The common query params (version_code, device_platform, ...), parsed leniently. */
  client: ClientParams;
  /** The validated input of the route, set by `validate`; read it through the validator's `input(ctx)`. */
  input?: unknown;
}

/** A caller's account, read-only: the plain one a session was resolved to, or the request's user document. */
export type Account = NonNullable<AppState['account']>;

export type AppContext = ParameterizedContext<AppState, DefaultContext>;
export type AppKoa = Koa<AppState, DefaultContext>;
export type AppRouter = Router<AppState, DefaultContext>;
