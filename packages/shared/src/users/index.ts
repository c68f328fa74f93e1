export * from './messages';
export * from './preferences';
export * from './schemas';
export * from './columns';
