/**
 * A throwaway S3-protocol server for tests: `s3rver` on 127.0.0.1, on a free port, in a
 * temporary folder, with one bucket. s3rver ignores `If-None-Match` on writes; with
 * `conditionalWrites: true` a small proxy in front of it honours it as AWS S3, R2 and MinIO
 * do (412 when the key exists, on PutObject and CompleteMultipartUpload), one write per key
 * at a time. Other packages' tests import it as `@cms-json/s3/testing` (in the workspace only: it is not published, s3rver being a development dependency).
 *
 * @module
 */
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import S3rver from 's3rver';

/** A running test server. */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>`: give it as `endpoint` with `forcePathStyle: true`. */
  readonly endpoint: string;
  readonly bucket: string;
  /** Credentials s3rver accepts. */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** The keys in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** Options of {@link startTestS3Server}. */
export interface TestS3ServerOptions {
  /** @default 'media' */
  readonly bucket?: string;
  /** Honour `If-None-Match: *` on writes, as real services do. @default false */
  readonly conditionalWrites?: boolean;
}

/**
 * Starts s3rver with a bucket; stop it in `afterAll`.
 *
 * @example
 * const s3 = await startTestS3Server({ conditionalWrites: true });
 * const store = s3FileStore({ bucket: s3.bucket, endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.credentials, urls: { kind: 'public' } });
 */
export async function startTestS3Server(options: TestS3ServerOptions = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'media';
  const directory = await mkdtemp(join(tmpdir(), 'cms-json-s3rver-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  let origin: { port: number };
  try {
    origin = await s3rver.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  let proxy: Server | undefined;
  if (options.conditionalWrites === true) {
    proxy = conditionalProxy(origin.port, (b, key) => s3rver.store.existsObject(b, key));
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
  }
  const port = proxy === undefined ? origin.port : (proxy.address() as AddressInfo).port;
  const objects = join(directory, bucket);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async keys() {
      const found: string[] = [];
      const walk = async (folder: string): Promise<void> => {
        for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
          const full = join(folder, entry.name);
          if (entry.isDirectory()) await walk(full);
          // s3rver keeps an object `k` as `k._S3rver_object` beside its metadata files.
          else if (entry.name.endsWith('._S3rver_object'))
            found.push(relative(objects, full).slice(0, -'._S3rver_object'.length));
        }
      };
      await walk(objects);
      return found.sort();
    },
    async stop() {
      if (proxy !== undefined) {
        proxy.closeAllConnections();
        await new Promise((resolve) => proxy?.close(resolve));
      }
      await s3rver.close().catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A proxy to s3rver that refuses, with S3's 412, a write carrying `If-None-Match: *` to a key
 * that exists: PutObject (`PUT /bucket/key` without `partNumber`) and CompleteMultipartUpload
 * (`POST /bucket/key?uploadId=…`). Writes to one key pass one at a time.
 */
function conditionalProxy(port: number, exists: (bucket: string, key: string) => Promise<boolean>): Server {
  const busy = new Map<string, Promise<void>>();
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const conditional =
      req.headers['if-none-match'] === '*' &&
      ((req.method === 'PUT' && !url.searchParams.has('partNumber')) ||
        (req.method === 'POST' && url.searchParams.has('uploadId')));
    const forward = () =>
      new Promise<void>((resolve) => {
        const upstream = request(
          { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on('end', resolve);
            answer.on('error', () => resolve());
          },
        );
        upstream.on('error', () => {
          res.destroy();
          resolve();
        });
        req.pipe(upstream);
      });
    if (!conditional) {
      void forward();
      return;
    }
    const id = `${bucket}/${key}`;
    const before = busy.get(id) ?? Promise.resolve();
    const turn = before.then(async () => {
      if (await exists(bucket, key)) {
        req.resume();
        const body =
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>';
        res.writeHead(412, { 'Content-Type': 'application/xml', 'Content-Length': String(Buffer.byteLength(body)) });
        res.end(body);
        return;
      }
      await forward();
    });
    const settled = turn.catch(() => undefined);
    busy.set(id, settled);
    void settled.then(() => {
      if (busy.get(id) === settled) busy.delete(id);
    });
  });
}
