// The `shared-kit/schemas` entry: every zod schema of the kit. Kept out of the main entry so that pages, which load
// shared-kit first, do not download zod; the api and tests import from here.
export * from './common';
export * from './envelope';
export * from '../story/schema';
export * from '../contracts';
export * from '../story/generated';
export * from '../template/schema';
