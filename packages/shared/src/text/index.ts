export * from './az';
