/**
 * The Node baseline of the runtime table (`--runtimes`): a plain `node:http` handler that
 * answers each path it was given with the fixed status, header lines (in order) and body
 * bytes captured from cms-json's node adapter (`BENCH_STATIC`, JSON of `StaticAnswers`):
 * one `writeHead(status, rawHeaders)` and one `end(body)`.
 *
 * @module
 */
import { createServer } from 'node:http';
import type { StaticAnswers } from '../runtimes/static-worker.js';
import { listen, main } from '../shared/child-runtime.js';

main(async () => {
  const raw = process.env.BENCH_STATIC;
  if (raw === undefined || raw === '') throw new Error('BENCH_STATIC is not set: give the answers to serve, as JSON.');
  const answers = new Map(
    Object.entries(JSON.parse(raw) as StaticAnswers).map(([path, answer]) => [
      path,
      { status: answer.status, headers: answer.headers.flat(), body: Buffer.from(answer.bodyBase64, 'base64') },
    ]),
  );
  const server = createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (answer === undefined) {
      res.writeHead(404).end('not a bench path\n');
      return;
    }
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await listen(server);
});
