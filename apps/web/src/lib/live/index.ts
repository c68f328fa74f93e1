export * from './events';
export * from './live-client';
export * from './query-sync';
export * from './use-live';
export * from './presence';
export * from './quiet-start';
