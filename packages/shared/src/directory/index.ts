export * from './messages';
export * from './schemas';
export * from './mapping';
export * from './refusals';
