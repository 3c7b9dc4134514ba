export * from './enums';
export * from './constants';
export * from './errors';
export * from './envelope';
