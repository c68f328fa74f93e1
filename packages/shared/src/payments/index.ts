export * from './messages';
export * from './registry';
export * from './rules';
export * from './schemas';
export * from './status';
export * from './tariff-vectors';
export * from './columns';
