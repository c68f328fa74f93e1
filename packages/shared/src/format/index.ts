export * from './date';
export * from './money';
export * from './count';
export * from './language';
