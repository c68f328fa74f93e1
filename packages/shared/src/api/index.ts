export * from './errors';
export * from './input';
export * from './list';
export * from './versions';
export * from './idempotency';
export * from './list-export';
