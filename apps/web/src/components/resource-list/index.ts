export * from './list-query';
export * from './resource-api';
export * from './resource-table';
export * from './types';
export * from './export-button';
export { dayFilter } from './day-filter';
export type { LiveMode, RowMark } from './live-rows';
