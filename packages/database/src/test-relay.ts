/**
 * A TCP relay in front of a database server, for tests of a database that goes away and
 * comes back: `cut()` drops every connection and refuses new ones (a server gone down),
 * `restore()` accepts again on the same port. Other tests on the same server are untouched.
 *
 * @module
 */
import { createServer, type Server, Socket } from 'node:net';

/** A running relay. */
export interface DatabaseRelay {
  /** The relay's port on 127.0.0.1: connect here instead of to the server. */
  readonly port: number;
  /** Drops every connection and stops accepting. */
  cut(): Promise<void>;
  /** Accepts again, on the same port. */
  restore(): Promise<void>;
  /** Stops the relay for good. */
  close(): void;
}

/**
 * Starts a relay to `host:port` on a free port of 127.0.0.1.
 *
 * @example
 * ```ts
 * const relay = await databaseRelay('127.0.0.1', 5432);
 * const { db } = openDatabase({ url: `postgres://postgres@127.0.0.1:${relay.port}/postgres` });
 * await relay.cut();     // queries now fail as unavailable
 * await relay.restore(); // and succeed again
 * ```
 */
export async function databaseRelay(host: string, port: number): Promise<DatabaseRelay> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (at: number) =>
    new Promise<number>((done, fail) => {
      const listener = createServer((client) => {
        const upstream = new Socket();
        sockets.add(client).add(upstream);
        upstream.connect(port, host);
        client.pipe(upstream).pipe(client);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      server = listener;
      listener.once('error', fail);
      listener.listen(at, '127.0.0.1', () => done((listener.address() as { port: number }).port));
    });
  const own = await listen(0);
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    port: own,
    cut: () =>
      new Promise<void>((done) => {
        server?.close(() => done());
        dropAll();
      }),
    restore: async () => {
      await listen(own);
    },
    close() {
      server?.close();
      dropAll();
    },
  };
}
