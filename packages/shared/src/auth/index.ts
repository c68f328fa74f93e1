export * from './messages';
export * from './rules';
export * from './schemas';
export * from './api';
export * from './mfa';
