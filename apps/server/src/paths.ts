import path from 'node:path';
import { fileURLToPath } from 'node:url';
import serverPackage from '../package.json' with { type: 'json' };

// This file sits at the top of src/ and is bundled to the top of dist/, so both layouts resolve alike.
const here = path.dirname(fileURLToPath(import.meta.url));

/** Committed SQL migrations (copied beside the bundle by build.mjs). */
export const migrationsFolder = path.join(here, 'db', 'migrations');
/** The database's functions and triggers, a file each (db/database-code.ts; copied beside the bundle too). */
export const functionsFolder = path.join(here, 'db', 'functions');
/** The web app's production build. */
export const defaultWebDist = path.resolve(here, '..', '..', 'web', 'dist');
/** The release's version (the server package's, inlined by the bundler), named by backups and the API document. */
export const productVersion: string = serverPackage.version;
