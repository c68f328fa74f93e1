// Sign-in through the agency's directory (issue 59): what app.ts and services.ts take of it.
export { createDirectoryService, type DirectoryService } from './service';
export { directoryRoutes } from './routes';
export { directoryAdminRoutes } from './admin-routes';
