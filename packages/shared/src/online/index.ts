export * from './messages';
export * from './schemas';
export * from './status';
export * from './columns';
