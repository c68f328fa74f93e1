import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';
import { MigrationRightsError } from './db/migrate';
import { addWatchdogTestRoute, startWatchdog } from './lib/watchdog';

/** Starts the server: settings, database, app; drains in-flight requests on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  addWatchdogTestRoute(app, config);
  let stopWatchdog = async () => {};
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: draining requests');
    await stopWatchdog();
    await app.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  // Once listening: the first start's migrations and demo data may hold the loop long on the embedded database.
  stopWatchdog = startWatchdog(app, config);
}

/** A refusal to start that a restart does not mend: the launcher and systemd do not start it again (78, EX_CONFIG). */
const configExitCode = 78;

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof EmbeddedDatabaseBusyError || err instanceof MigrationRightsError) {
    console.error(err.message);
    process.exit(configExitCode);
  }
  console.error(err);
  process.exit(1);
});
