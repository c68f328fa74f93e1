export * from './date';
export * from './money';
export * from './count';
