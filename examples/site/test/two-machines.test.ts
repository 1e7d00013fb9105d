/**
 * Two "machines": two example-site processes that share nothing but a PostgreSQL primary
 * (with a streaming replica made by `pg_basebackup`), an S3-protocol server (`s3rver`) and
 * the caches: one Varnish in front of each node, with the VCL the project ships, and each
 * node purging both. Separate ports and upload folders; the same `CMS_SECRET`.
 *
 * Proves: an image uploaded on node 1 is read (record, sizes, bytes) through node 2 and
 * deleted from node 2; a write on node 1 reaches node 2's Varnish through the purge (the
 * anonymous read behind it served by node 2 from the replica); a SIGKILL of node 1 under a
 * write load spread over both loses no acknowledged write, and node 2 keeps serving.
 *
 * Starts its own servers. Skipped, saying why, when PostgreSQL's binaries, `varnishd` or the
 * project's Varnish script are missing, unless `CMS_REQUIRE_VARNISH=1` (CI) makes that a failure.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, send, type WireResponse } from './robustness/http.js';
import {
  hasPostgresBinaries,
  hasVarnish,
  hasVarnishScript,
  type PostgresPair,
  REPO,
  type S3Service,
  startPostgres,
  startS3,
  startVarnish,
  type VarnishService,
} from './two-machines/services.js';
import { type SiteNode, startSiteNode } from './two-machines/site-node.js';

const APP_PASSWORD = 'abcdABCD1234efghEFGH5678';
const admin = `Basic ${Buffer.from(`admin:${APP_PASSWORD}`).toString('base64')}`;
const POSTS = '/cms-json/cms/v2/posts';
const MEDIA = '/cms-json/cms/v2/media';

/** What this machine lacks for the test; empty when it can run. */
const missing = [
  hasPostgresBinaries() ? undefined : 'PostgreSQL server binaries (Debian postgresql)',
  hasVarnish() ? undefined : 'varnishd (Debian varnish, varnish-modules; scripts/varnish.sh install)',
  hasVarnishScript() ? undefined : 'scripts/varnish.sh and docs/varnish.vcl',
].filter((reason): reason is string => reason !== undefined);
const required = process.env.CMS_REQUIRE_VARNISH === '1';
if (missing.length > 0 && !required) console.warn(`two-machines.test.ts skipped: missing ${missing.join(', ')}`);

/** The example site's pieces this test drives, by file: each test that needs one says so when it is missing. */
const siteHas = {
  objectStorage: existsSync(`${REPO}examples/site/src/media-store.ts`),
  sharedCache: existsSync(`${REPO}examples/site/src/shared-cache.ts`),
  readReplicas: existsSync(`${REPO}examples/site/src/read-replicas.ts`),
};

let root: string;
let s3: S3Service | undefined;
let postgres: PostgresPair | undefined;
const varnishes: VarnishService[] = [];
const nodes: SiteNode[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 32 });
const numbers: Record<string, number | string> = {};

const failed = (error: unknown): WireResponse => ({ status: -1, headers: {}, body: String(error) });

function json<T>(res: WireResponse): T {
  return JSON.parse(res.body) as T;
}

/** Whether Varnish answered from its cache: the shipped VCL's `X-Cache`, else `X-Varnish` naming two transactions. */
function isHit(res: WireResponse): boolean {
  const said = res.headers['x-cache'];
  if (said !== undefined) return String(said).startsWith('HIT');
  return (
    String(res.headers['x-varnish'] ?? '')
      .trim()
      .split(/\s+/).length === 2
  );
}

function createPost(port: number, title: string): Promise<WireResponse> {
  return send(port, {
    method: 'POST',
    path: POSTS,
    agent,
    timeoutMs: 60_000,
    headers: { authorization: admin, 'content-type': 'application/json' },
    body: JSON.stringify({ title, status: 'publish', content: `Written as ${title}.` }),
  }).catch(failed);
}

/** Reads `path` through a Varnish until `accept` holds, at most `timeoutMs`; the time it took, or throws. */
async function readUntil(
  port: number,
  path: string,
  accept: (res: WireResponse) => boolean,
  timeoutMs = 10_000,
): Promise<number> {
  const started = Date.now();
  let last: WireResponse | undefined;
  while (Date.now() - started < timeoutMs) {
    last = await send(port, { path, timeoutMs: 10_000 }).catch(failed);
    if (last.status === 200 && accept(last)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `GET ${path} on :${port} did not show the write in ${timeoutMs} ms; last: ${last?.status} ${last?.body.slice(0, 300)}`,
  );
}

describe.skipIf(missing.length > 0 && !required)('two machines: PostgreSQL + replica, S3, Varnish, two site nodes', () => {
  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`CMS_REQUIRE_VARNISH=1 but this machine lacks ${missing.join(', ')}`);
    root = mkdtempSync(join(tmpdir(), 'cms-two-machines-'));
    // varnishd's workers run as their own user: they must be able to enter the folder.
    chmodSync(root, 0o755);
    // Settled one by one, so that afterAll stops whatever started even when another failed.
    const [s3Started, postgresStarted] = await Promise.allSettled([
      startS3({ directory: join(root, 's3'), bucket: 'two-machines' }),
      // Beside the folder, not in it: as root the servers run as `postgres`, who cannot enter a 0700 mkdtemp folder.
      startPostgres({ directory: join(tmpdir(), `cms-two-machines-postgres-${process.pid}`) }),
    ]);
    if (s3Started.status === 'fulfilled') s3 = s3Started.value;
    if (postgresStarted.status === 'fulfilled') postgres = postgresStarted.value;
    if (s3Started.status === 'rejected') throw s3Started.reason;
    if (postgresStarted.status === 'rejected') throw postgresStarted.reason;
    const pair = postgresStarted.value;
    const bucket = s3Started.value;
    numbers.replica = pair.replicaUrl === undefined ? 'none (scripts/postgres-replica.sh missing)' : 'streaming';
    const [port1, port2, cache1, cache2] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const purgeUrls = [`http://127.0.0.1:${cache1}`, `http://127.0.0.1:${cache2}`];
    const shared: Record<string, string> = {
      CMS_SECRET: 'two-machines-test-secret-0123456789abcdef',
      CMS_ADMIN_USER: 'admin',
      CMS_ADMIN_APP_PASSWORD: APP_PASSWORD,
      CMS_SAMPLE_LINKS: '0',
      // Object storage: public URLs straight from the bucket (s3rver serves anonymous GETs).
      S3_BUCKET: bucket.bucket,
      S3_ENDPOINT: bucket.endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: '1',
      S3_PUBLIC_URL: `${bucket.endpoint}/${bucket.bucket}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      // The shared cache: a long s-maxage, so that only a purge can make a cached answer fresh.
      CMS_SHARED_CACHE: '1',
      CACHE_S_MAXAGE: '300',
      CACHE_PURGE_URLS: purgeUrls.join(','),
    };
    const nodeEnv = (name: string): Record<string, string> => {
      const tag = (url: string) => {
        const parsed = new URL(url);
        parsed.searchParams.set('application_name', `two-machines-${name}`);
        return parsed.toString();
      };
      return {
        ...shared,
        DATABASE_URL: tag(pair.primaryUrl),
        ...(postgresStarted.value.replicaUrl === undefined
          ? {}
          : { DATABASE_REPLICA_URLS: tag(postgresStarted.value.replicaUrl) }),
        UPLOADS_DIR: join(root, name, 'uploads'),
      };
    };
    // Both start at once on the empty schema (the startup lock orders migrations and seeding).
    nodes.push(startSiteNode({ name: 'node1', port: port1, env: nodeEnv('node1') }));
    nodes.push(startSiteNode({ name: 'node2', port: port2, env: nodeEnv('node2') }));
    const caches = await Promise.allSettled([
      startVarnish({ backend: `127.0.0.1:${port1}`, port: cache1, directory: join(root, 'varnish1') }),
      startVarnish({ backend: `127.0.0.1:${port2}`, port: cache2, directory: join(root, 'varnish2') }),
    ]);
    for (const cache of caches) if (cache.status === 'fulfilled') varnishes.push(cache.value);
    for (const cache of caches) if (cache.status === 'rejected') throw cache.reason;
    await Promise.all(nodes.map((node) => node.ready()));
  }, 240_000);

  afterAll(async () => {
    agent.destroy();
    for (const [i, varnish] of varnishes.entries()) {
      const counted = await varnish.stats().catch(() => undefined);
      if (counted !== undefined) numbers[`varnish${i + 1}HitsMisses`] = `${counted.hits}/${counted.misses}`;
    }
    console.log(`two machines: ${JSON.stringify(numbers)}`);
    await Promise.all(nodes.map((node) => node.kill()));
    await Promise.all([...varnishes.map((varnish) => varnish.stop()), s3?.stop(), postgres?.stop()]);
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  }, 120_000);

  it.skipIf(!siteHas.objectStorage)(
    'reads through node 2 an image uploaded on node 1 (record, sizes, bytes), and deletes it from node 2',
    { timeout: 60_000 },
    async () => {
      const [node1, node2] = nodes as [SiteNode, SiteNode];
      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 120, b: 60 } } })
        .jpeg()
        .toBuffer();
      const uploaded = await send(node1.port, {
        method: 'POST',
        path: MEDIA,
        headers: {
          authorization: admin,
          'content-type': 'image/jpeg',
          'content-disposition': 'attachment; filename="across.jpg"',
        },
        body: photo,
        timeoutMs: 60_000,
      });
      expect(uploaded.status, uploaded.body).toBe(201);
      type Media = { id: number; source_url: string; media_details: { sizes: Record<string, { source_url: string }> } };
      const media = json<Media>(uploaded);
      expect(media.source_url.startsWith(`${s3?.endpoint}/${s3?.bucket}/`)).toBe(true);

      const read = await send(node2.port, { path: `${MEDIA}/${media.id}?context=edit`, headers: { authorization: admin } });
      expect(read.status).toBe(200);
      const again = json<Media>(read);
      expect(again.source_url).toBe(media.source_url);
      expect(again.media_details.sizes).toEqual(media.media_details.sizes);
      const urls = [again.source_url, ...Object.values(again.media_details.sizes).map((size) => size.source_url)];
      expect(urls.length).toBeGreaterThan(1);
      let readAcross = 0;
      for (const url of new Set(urls)) {
        const file = await fetch(url);
        expect(file.status, url).toBe(200);
        const bytes = Buffer.from(await file.arrayBuffer());
        if (url === again.source_url) expect(bytes.equals(photo)).toBe(true);
        else expect((await sharp(bytes).metadata()).format).toBe('jpeg');
        readAcross += 1;
      }
      numbers.uploadsReadAcrossNodes = readAcross;
      // Nothing was kept on either node's disk.
      for (const name of ['node1', 'node2']) {
        const folder = join(root, name, 'uploads');
        const files = existsSync(folder)
          ? readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
          : [];
        expect(
          files.map((entry) => entry.name),
          `${name} kept files on its disk`,
        ).toEqual([]);
      }

      const removed = await send(node2.port, {
        method: 'DELETE',
        path: `${MEDIA}/${media.id}?force=true`,
        headers: { authorization: admin },
      });
      expect(removed.status, removed.body).toBe(200);
      // The objects go after the commit: each answers 404 within a bounded time.
      const deadline = Date.now() + 10_000;
      for (const url of new Set(urls)) {
        for (;;) {
          const res = await fetch(url);
          await res.arrayBuffer();
          if (res.status === 404) break;
          if (Date.now() > deadline) throw new Error(`${url} still answers ${res.status} after the delete`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      expect((await send(node1.port, { path: `${MEDIA}/${media.id}`, headers: { authorization: admin } })).status).toBe(404);
    },
  );

  it.skipIf(!siteHas.sharedCache)(
    'shows a write made on node 1 through the Varnish of node 2, once the purge arrives',
    { timeout: 60_000 },
    async () => {
      const [node1] = nodes as [SiteNode, SiteNode];
      const [cache1, cache2] = varnishes as [VarnishService, VarnishService];
      // A list the write changes: a search that finds the new post once it is there.
      const list = `${POSTS}?search=Across&per_page=5`;
      // Warm both caches: the second read of each is a hit.
      for (const cache of [cache1, cache2]) {
        expect((await send(cache.port, { path: list })).status).toBe(200);
        const warm = await send(cache.port, { path: list });
        expect(isHit(warm), `not cached: ${JSON.stringify(warm.headers)}`).toBe(true);
      }
      const title = `Across the caches ${Date.now()}`;
      const created = await createPost(node1.port, title);
      expect(created.status, created.body).toBe(201);
      const id = json<{ id: number }>(created).id;
      const shows = (res: WireResponse) => json<{ id: number }[]>(res).some((post) => post.id === id);
      numbers.listPurgeMsNode2 = await readUntil(cache2.port, list, shows);
      numbers.listPurgeMsNode1 = await readUntil(cache1.port, list, shows);

      // A single post: cached on node 2's Varnish, updated on node 1, seen through node 2.
      const item = `${POSTS}/${id}`;
      await send(cache2.port, { path: item });
      expect(isHit(await send(cache2.port, { path: item }))).toBe(true);
      const renamed = `${title} (renamed)`;
      const updated = await send(node1.port, {
        method: 'POST',
        path: item,
        headers: { authorization: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ title: renamed }),
      });
      expect(updated.status, updated.body).toBe(200);
      numbers.itemPurgeMsNode2 = await readUntil(
        cache2.port,
        item,
        (res) => json<{ title: { rendered: string } }>(res).title.rendered === renamed,
      );
      // Node 2 read those answers from the replica: it holds connections there.
      if (siteHas.readReplicas && postgres?.replicaUrl !== undefined) {
        const replica = new URL(postgres.replicaUrl);
        const { openDatabase } = await import('@cms-json/database');
        const { sql } = await import('kysely');
        const database = openDatabase({ url: replica.toString() });
        try {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity where application_name = 'two-machines-node2'`.execute(database.db);
          numbers.node2ReplicaConnections = rows[0]?.n ?? 0;
          expect(rows[0]?.n ?? 0).toBeGreaterThan(0);
        } finally {
          await database.close();
        }
      }
    },
  );

  it('loses no acknowledged write when node 1 is SIGKILLed under a write load over both', { timeout: 120_000 }, async () => {
    const [node1, node2] = nodes as [SiteNode, SiteNode];
    const acked: { id: number; title: string }[] = [];
    let killed = false;
    let survivorErrors = 0;
    const worker = async (w: number) => {
      // Bounded: at most 20 creates per worker, 6 workers.
      for (let i = 0; i < 20; i += 1) {
        const node = (w + i) % 2 === 0 ? node1 : node2;
        if (killed && node === node1) continue;
        const title = `Kill ${w}-${i}`;
        const res = await createPost(node.port, title);
        if (res.status === 201) acked.push({ id: json<{ id: number }>(res).id, title });
        else if (node === node2) survivorErrors += 1;
        if (!killed && acked.length >= 40) {
          killed = true;
          void node1.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
    await node1.exited;
    expect(killed).toBe(true);
    // Every acknowledged write, read back from the survivor as the administrator (the primary).
    const stored = new Map<number, string>();
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const res = await send(node2.port, {
        path: `${POSTS}?search=Kill&per_page=100&page=${page}&context=edit&_fields=id,title`,
        headers: { authorization: admin },
        agent,
      });
      expect(res.status, res.body).toBe(200);
      const items = json<{ id: number; title: { raw: string } }[]>(res);
      for (const item of items) stored.set(item.id, item.title.raw);
      pages = Math.min(10, Number(res.headers['x-cms-totalpages'] ?? 1));
    }
    const lost = acked.filter((write) => stored.get(write.id) !== write.title).length;
    Object.assign(numbers, { acknowledgedWrites: acked.length, lostWrites: lost, survivorErrors });
    expect(lost).toBe(0);
    expect(survivorErrors).toBe(0);
    // The survivor keeps serving, directly and through its Varnish.
    expect((await send(node2.port, { path: POSTS })).status).toBe(200);
    const cache2 = varnishes[1];
    if (cache2 !== undefined) expect((await send(cache2.port, { path: POSTS })).status).toBe(200);
  });
});
