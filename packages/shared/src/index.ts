export * from './access';
export * from './api';
export * from './auth';
export * from './format';
export * from './navigation';
export * from './resources';
export * from './text';
export * from './users';
