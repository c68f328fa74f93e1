export * from './list';
export * from './versions';
