export * from './define';
export * from './definitions';
export * from './messages';
export * from './tariff';
export * from './values';
export * from './pickers';
export * from './cells';
