export * from './access';
export * from './auth';
export * from './format';
export * from './navigation';
export * from './text';
