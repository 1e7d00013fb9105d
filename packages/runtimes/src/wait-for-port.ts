/**
 * Waiting until a server accepts connections.
 *
 * @module
 */
import { connect } from 'node:net';

/** Resolves once `url`'s host and port accept a TCP connection; rejects after `timeoutMs`. */
export async function waitForPort(url: string, timeoutMs: number): Promise<void> {
  const { hostname, port } = new URL(url);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(port), hostname);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (accepted) return;
    if (Date.now() > deadline) throw new Error(`Nothing accepts connections at ${url} after ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
