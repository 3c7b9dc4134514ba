export * from './enums';
export * from './constants';
export * from './errors';
export * from './envelope';
export * from './client';
export * from './format';
export * from './platform';
export * from './storage';
export * from './socket-policy';
export * from './socket';
export * from './mentions';
export * from './stores';
export type { CommonQueryParams } from './schemas/common';
export * from './validation';
export * from './story';
export * from './template';
export * from './shell-bridge';
// Response types only: the schemas themselves (and zod) stay in `shared-kit/schemas`, out of the pages' bundles.
export type * from './contracts';
export * from './prerender';
// The areas' constants, rules and their types are the `shared-kit/areas` entry (see areas.ts).
