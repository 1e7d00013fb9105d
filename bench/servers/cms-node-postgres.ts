/**
 * cms-json on the node adapter over PostgreSQL (`BENCH_DB` is a `postgres://` URL), served by
 * `BENCH_WORKERS` worker processes (node:cluster) on one port. The primary answers the
 * orchestrator: `ready` once every worker listens, and `stats` with the CPU time of the
 * primary and all workers added up (the database server's own CPU is not in it).
 *
 * @module
 */
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:http';
import { createRequestListener } from '@cms-json/node';
import { childStats, databaseFile, main, send } from '../shared/child-runtime.js';
import { createCmsApp } from '../shared/cms-app.js';
import type { ParentMessage } from '../shared/protocol.js';

type WorkerMessage = { type: 'cpu'; id: number; micros: number } | { type: 'listening' };

main(async () => {
  const count = Number(process.env.BENCH_WORKERS ?? 1);
  if (cluster.isWorker) return runWorker();
  const port = Number(process.env.BENCH_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('BENCH_PORT is not set.');
  const workers: Worker[] = [];
  let listening = 0;
  let nextId = 1;
  const waiting = new Map<number, (micros: number) => void>();
  for (let i = 0; i < count; i++) {
    const worker = cluster.fork({ BENCH_PORT: String(port) });
    workers.push(worker);
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'listening' && ++listening === count) send({ type: 'ready', port, note: `${count} worker(s)` });
      if (message.type === 'cpu') {
        waiting.get(message.id)?.(message.micros);
        waiting.delete(message.id);
      }
    });
    worker.on('exit', (code, signal) => {
      if (!stopping) send({ type: 'failed', error: `a worker exited (${signal ?? code})` });
    });
  }
  const cpuOf = (worker: Worker) =>
    new Promise<number>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      worker.send({ type: 'cpu', id });
    });
  let stopping = false;
  const stop = () => {
    stopping = true;
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 2_000).unref();
    cluster.on('exit', () => {
      if (workers.every((worker) => worker.isDead())) process.exit(0);
    });
  };
  process.on('message', async (raw: unknown) => {
    const message = raw as ParentMessage;
    if (message.type === 'stats') {
      const own = childStats(message.gc);
      const micros = await Promise.all(workers.map(cpuOf));
      send({ type: 'stats', id: message.id, stats: { ...own, cpuMicros: own.cpuMicros + micros.reduce((a, b) => a + b, 0) } });
    } else if (message.type === 'exit') stop();
  });
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
});

async function runWorker(): Promise<void> {
  const app = await createCmsApp(databaseFile());
  const server = createServer(createRequestListener(app.server));
  server.keepAliveTimeout = 30_000;
  server.listen(Number(process.env.BENCH_PORT), '127.0.0.1', () => process.send?.({ type: 'listening' }));
  process.on('message', (message: { type: string; id: number }) => {
    if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      process.send?.({ type: 'cpu', id: message.id, micros: usage.user + usage.system });
    }
  });
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => void app.close().finally(() => process.exit(0)));
  });
}
