export * from './messages';
export * from './schemas';
export * from './stages';
export * from './columns';
