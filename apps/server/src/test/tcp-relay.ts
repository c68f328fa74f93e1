import net from 'node:net';
import { freePort } from '../../../../scripts/lib/server-process.mjs';

/** A TCP relay to the PostgreSQL server: `stop()` refuses and cuts every connection, as a stopped server does. */
export async function startRelay(target: URL) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  // Idempotent both ways: a test's cleanup may start a relay that runs, or stop one that is stopped.
  const start = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await start();
  return {
    url: (database: string) => {
      const url = new URL(target.toString());
      url.hostname = '127.0.0.1';
      url.port = String(port);
      // Over TCP to the relay, never the server's Unix socket (npm test's throwaway cluster names one).
      url.searchParams.delete('host');
      url.pathname = `/${database}`;
      return url.toString();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        const running = server;
        server = null;
        if (!running) return resolve();
        running.close(() => resolve());
      }),
    start,
  };
}
