export * from './schema';
export * from './forbidden';
export * from './validate';
export * from './review';
