export * from './app-routes';
export * from './web-paths';
