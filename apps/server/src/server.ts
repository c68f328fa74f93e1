import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';
import { MigrationRightsError } from './db/migrate';

/** Starts the server: settings, database, app; drains in-flight requests on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: draining requests');
    await app.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof EmbeddedDatabaseBusyError || err instanceof MigrationRightsError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
