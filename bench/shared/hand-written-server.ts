/**
 * The hand-written node:http server of the baselines: one `writeHead(status, rawHeaders)` and
 * one `end(body)` per answer, routes matched by hand. `baseline-node` and
 * `baseline-node-tuned` start it with plain and tuned SQLite reads.
 *
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { databaseFile, listen, main } from './child-runtime.js';
import { AUTH_HEADER, LIST_PATH, REST_ROOT } from './constants.js';
import { type Answer, HandWritten, type HandWrittenOptions, paging } from './hand-written.js';

const ITEM = /^\/cms-json\/tel\/v1\/outgoing-links\/(\d+)\/?$/;

/** Writes an answer: one `writeHead` with raw header lines, one `end`. */
export function write(res: ServerResponse, answer: Answer): void {
  const raw: string[] = [];
  for (const [name, value] of answer.headers) raw.push(name, value);
  raw.push('Content-Length', String(Buffer.byteLength(answer.body)));
  res.writeHead(answer.status, raw);
  res.end(answer.body);
}

/** Reads a JSON request body (`undefined` when it is not JSON). */
export function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', () => resolve(undefined));
  });
}

/** Starts the server as a bench child. */
export function serveHandWritten(options: HandWrittenOptions = {}): void {
  main(async () => {
    const routes = new HandWritten(databaseFile(), options);
    const server = createServer((req, res) => {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      if (path === LIST_PATH && req.method === 'GET') {
        const { page, perPage } = paging(q === -1 ? '' : url.slice(q + 1));
        write(res, routes.list(page, perPage));
        return;
      }
      if (path === LIST_PATH && req.method === 'POST') {
        const user = req.headers[AUTH_HEADER];
        readJson(req).then((body) => write(res, routes.create(typeof user === 'string' ? user : undefined, body)));
        return;
      }
      const item = req.method === 'GET' ? ITEM.exec(path) : null;
      if (item !== null) {
        write(res, routes.item(Number(item[1])));
        return;
      }
      if (path.startsWith(REST_ROOT)) {
        write(res, routes.noRoute());
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': '9' });
      res.end('Not Found');
    });
    await listen(server, { close: async () => routes.close() });
  });
}
