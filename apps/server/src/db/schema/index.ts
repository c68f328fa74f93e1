export * from './regions';
export * from './users';
export * from './reference-lists';
export * from './auth';
export * from './audit';
export * from './fleet';
export * from './idempotency';
export * from './fn';
