// The thread module's face: what other modules may use. Everything else in this folder is its own.
export { threadRoutes, type ThreadRouteDeps } from './thread.routes';
export { removeThread, threadShareView, threadTargetView, visibleThread } from './thread.read';
export type { ThreadRecord } from './thread.model';
