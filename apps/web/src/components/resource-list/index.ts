export * from './list-query';
export * from './resource-api';
export * from './resource-table';
export * from './types';
export * from './export-button';
export { saveBlob } from './download';
export { dayFilter } from './day-filter';
