// Templates' constants and rules; their zod schemas are served by the `shared-kit/schemas` entry.
export * from './constants';
export * from './fill';
export * from './validate';
export type * from './schema';
