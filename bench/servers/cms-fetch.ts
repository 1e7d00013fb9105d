/**
 * cms-json through the Fetch adapter, behind a minimal `node:http` wrapper: a WHATWG
 * `Request` built from the Node request, the `Response` written back.
 *
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createFetchHandler } from '@cms-json/fetch';
import { databaseFile, listen, main } from '../shared/child-runtime.js';
import { createCmsApp } from '../shared/cms-app.js';

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function toRequest(req: IncomingMessage, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i] ?? '', req.rawHeaders[i + 1] ?? '');
  const init: RequestInit = { method: req.method ?? 'GET', headers };
  if (body !== undefined) init.body = body;
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, init);
}

async function write(res: ServerResponse, response: Response): Promise<void> {
  const raw: string[] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') raw.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) raw.push('set-cookie', cookie);
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.headers.has('content-length')) raw.push('content-length', String(body.length));
  res.writeHead(response.status, raw);
  res.end(body);
}

main(async () => {
  const cms = await createCmsApp(databaseFile());
  const handle = createFetchHandler(cms.server);
  const server = createServer((req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    (hasBody ? readBody(req) : Promise.resolve(undefined))
      .then((body) => handle(toRequest(req, body)))
      .then((response) => write(res, response))
      .catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  await listen(server, { close: cms.close });
});
