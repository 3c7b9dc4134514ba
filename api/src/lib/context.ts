import type { DefaultContext, ParameterizedContext } from 'koa';
import type Koa from 'koa';
import type Router from '@koa/router';
import type { Logger } from './logger';
import type { ClientParams } from './clientParams';

/** What every request carries on `ctx.state`, set by the middleware in app.ts. */
export interface AppState {
  requestId: string;
  /** A child logger bound to this request's id. */
  log: Logger;
  /** The common query params (version_code, device_platform, ...), parsed leniently. */
  client: ClientParams;
  /** The validated input of the route, set by `validate`; read it through the validator's `input(ctx)`. */
  input?: unknown;
}

export type AppContext = ParameterizedContext<AppState, DefaultContext>;
export type AppKoa = Koa<AppState, DefaultContext>;
export type AppRouter = Router<AppState, DefaultContext>;
