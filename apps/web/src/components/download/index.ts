export * from './download-file';
export * from './use-download';
