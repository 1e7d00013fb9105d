/**
 * The example site behind a real Varnish (Debian's, with the xkey vmod) configured by the
 * shipped `docs/varnish.vcl`, through real sockets: the site marks its anonymous answers for
 * the shared cache with their surrogate keys, and every write purges the keys it changed.
 *
 * The randomized run (seeded; the seed is printed, `CMS_SHARED_CACHE_SEED` replays one): 200
 * writes through the origin of every kind (posts with status and term changes, pages, terms,
 * comments, users, settings), each with anonymous reads through Varnish running at the same
 * time, and at least 10,000 reads in all (`CMS_SHARED_CACHE_DEBUG=1` prints each write). **Stale**: once a write's purges settled (the second
 * purge included), a read through Varnish whose status or JSON body differs from the origin's
 * answer to the same URL read directly (no write runs meanwhile, so the origin's is the truth).
 * After each write the URLs it touched and a random sample of the others are checked; after
 * the middle write and at the end, every URL. On PostgreSQL (`CMS_TEST_DATABASE_URL`, CI's
 * second run) the same run is 60 writes long. Skipped when varnishd or the xkey vmod is missing, unless
 * `CMS_REQUIRE_VARNISH=1`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { testDialect } from '@cms-json/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './robustness/http.js';
import { ADMIN_BASIC, type RunningSite, startSite } from './start-site.js';

/** Whether the site runs on PostgreSQL (CI's second run): the randomized run is shorter there. */
const onPostgres = testDialect() === 'postgres';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../../scripts/varnish.sh', import.meta.url));
const XKEY = '/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so';
const available = existsSync('/usr/sbin/varnishd') && existsSync(XKEY);
const required = process.env.CMS_REQUIRE_VARNISH === '1';
const REST = '/cms-json/cms/v2';

/** A small seeded generator (mulberry32): the same seed, the same run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Answer {
  status: number;
  body: unknown;
  cache: string | null;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: compared as text.
  }
  return { status: response.status, body, cache: response.headers.get('x-cache') };
}

describe.skipIf(!available && !required)('the site behind Varnish (docs/varnish.vcl), purged by keys', () => {
  let site: RunningSite;
  let varnish: string;
  let workdir: string;

  beforeAll(async () => {
    if (!available)
      throw new Error('CMS_REQUIRE_VARNISH=1 but varnishd or the xkey vmod is missing (scripts/varnish.sh install).');
    workdir = mkdtempSync(join(tmpdir(), 'cms-varnish-'));
    const port = await freePort();
    site = await startSite({ CACHE_PURGE_URLS: `http://127.0.0.1:${port}`, CACHE_PURGE_REPEAT_MS: '150' });
    const backend = new URL(site.url).host;
    const { stdout } = await run('bash', [SCRIPT, 'start', backend, String(port), join(workdir, 'varnish')]);
    varnish = stdout.trim();
    // The sample content's purges, sent before Varnish listened, are retried until it does.
    await site.site.sharedCache.purger?.settled();
  }, 60_000);

  afterAll(async () => {
    if (workdir !== undefined) await run('bash', [SCRIPT, 'stop', join(workdir, 'varnish')]).catch(() => undefined);
    await site?.stop();
    if (workdir !== undefined) rmSync(workdir, { recursive: true, force: true });
  });

  let lastWrite = '';
  async function write(method: string, path: string, body?: unknown): Promise<{ id: number; [key: string]: unknown }> {
    lastWrite = `${method} ${path} ${JSON.stringify(body ?? null)}`;
    if (process.env.CMS_SHARED_CACHE_DEBUG === '1') console.log(`write: ${lastWrite}`);
    const response = await fetch(`${site.url}${REST}${path}`, {
      method,
      headers: { authorization: ADMIN_BASIC, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as { id: number };
  }

  it('never serves an authenticated answer from the cache, and never stores one', async () => {
    // A user with no published record: listed for an administrator, never for anyone else.
    const hidden = await write('POST', '/users', {
      username: 'quiet',
      email: 'quiet@example.invalid',
      password: 'a long password 123',
      name: 'Quiet Subscriber',
    });
    await site.site.sharedCache.purger?.settled();
    const users = `${varnish}${REST}/users?per_page=100`;
    // A warm anonymous answer of the list.
    const first = await get(users);
    expect(first.status).toBe(200);
    expect((await get(users)).cache).toBe('HIT');
    // Signed in, the same URL is the origin's answer (it lists the subscriber), never the cached one.
    const signedIn = await get(users, { authorization: ADMIN_BASIC });
    expect(signedIn.cache).toBe('MISS');
    expect(JSON.stringify(signedIn.body)).toContain('Quiet Subscriber');
    // …and it was not stored: the anonymous answer never lists the subscriber, from the cache or not.
    const anonymousHeaders: Record<string, string>[] = [{}, { cookie: '_ga=GA1.2.3' }];
    for (const headers of anonymousHeaders) {
      const anonymous = await get(users, headers);
      expect(anonymous.cache).toBe('HIT');
      expect(JSON.stringify(anonymous.body)).not.toContain('Quiet Subscriber');
    }
    // A session cookie, the read-your-writes cookie or a nonce goes to the origin too.
    const passing: Record<string, string>[] = [
      { cookie: 'a=1; cms_logged_in=whatever' },
      { cookie: 'cms_read_after=0/1' },
      { 'x-cms-nonce': 'abc' },
    ];
    for (const headers of passing) {
      expect((await get(users, headers)).cache).toBe('MISS');
    }
    // A purge without keys is refused.
    const noKeys = await fetch(`${varnish}/`, { method: 'PURGE' });
    expect(noKeys.status).toBe(400);
    await noKeys.text();
    await write('DELETE', `/users/${hidden.id}?force=true&reassign=1`);
  });

  it('a randomized run of anonymous reads through Varnish and writes through the origin ends with 0 stale answers', async () => {
    const seed = Number(process.env.CMS_SHARED_CACHE_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const rand = random(seed);
    const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(rand() * items.length)];
    const purger = site.site.sharedCache.purger;
    if (purger === undefined) throw new Error('the site has no purger');
    const started = Date.now();
    // Purges of the site's start-up (its sample content, written before Varnish listened) are not the run's.
    await purger.settled();
    const sentBefore = purger.stats.sent;
    const failedBefore = purger.stats.failed;

    // What the site holds, kept up to date from the writes' answers.
    const ids = async (path: string) =>
      ((await get(`${site.url}${REST}${path}`, { authorization: ADMIN_BASIC })).body as { id: number }[]).map((r) => r.id);
    const posts = new Set(await ids('/posts?per_page=100&status=publish'));
    const drafts = new Set<number>();
    const pages = new Set(await ids('/pages?per_page=100'));
    const categories = new Set(await ids('/categories?per_page=100'));
    const tags = new Set(await ids('/tags?per_page=100'));
    const users = new Set<number>();
    const comments = new Map<number, number>();
    const gone: string[] = [];
    const words = ['alpha', 'beta', 'gamma', 'delta'];

    const staticPaths = [
      '/cms-json/',
      `${REST}`,
      `${REST}/posts`,
      `${REST}/posts?_embed`,
      `${REST}/posts?per_page=5&page=2`,
      `${REST}/posts?orderby=title&order=asc`,
      `${REST}/posts?search=alpha`,
      `${REST}/pages`,
      `${REST}/pages?_embed`,
      `${REST}/categories`,
      `${REST}/categories?hide_empty=true`,
      `${REST}/tags`,
      `${REST}/tags?orderby=count&order=desc`,
      `${REST}/users`,
      `${REST}/comments`,
      `${REST}/search?search=beta`,
    ];
    const postPaths = (id: number) => [`${REST}/posts/${id}`, `${REST}/posts/${id}?_embed`, `${REST}/comments?post=${id}`];
    function pool(): string[] {
      return [
        ...staticPaths,
        ...[...posts].flatMap(postPaths),
        ...[...drafts].map((id) => `${REST}/posts/${id}`),
        ...[...pages].map((id) => `${REST}/pages/${id}`),
        ...[...categories].flatMap((id) => [`${REST}/categories/${id}`, `${REST}/posts?categories=${id}`]),
        ...[...tags].map((id) => `${REST}/tags/${id}`),
        ...[...users, 1].map((id) => `${REST}/users/${id}`),
        ...[...comments.keys()].map((id) => `${REST}/comments/${id}`),
        ...gone.slice(-30),
      ];
    }

    let reads = 0;
    let hits = 0;
    let misses = 0;
    let checked = 0;
    const stale: string[] = [];

    async function readThrough(path: string): Promise<Answer> {
      const answer = await get(`${varnish}${path}`);
      reads++;
      if (answer.cache === 'HIT') hits++;
      else misses++;
      return answer;
    }

    async function check(paths: Iterable<string>): Promise<void> {
      const list = [...new Set(paths)];
      await inParallel(list, 4, async (path) => {
        const cached = await readThrough(path);
        const origin = await get(`${site.url}${path}`);
        checked++;
        if (cached.status !== origin.status || JSON.stringify(cached.body) !== JSON.stringify(origin.body))
          stale.push(
            `${path} after ${lastWrite}: Varnish ${cached.status} (${cached.cache}), origin ${origin.status}: ${difference(cached.body, origin.body)}`,
          );
      });
    }

    /** One random write of any kind; the paths it touched. */
    async function randomWrite(n: number): Promise<string[]> {
      const word = pick(words) ?? 'alpha';
      const kind = Math.floor(rand() * 16);
      const post = pick([...posts]);
      if (kind <= 2 || post === undefined) {
        const created = await write('POST', '/posts', {
          title: `${word} post ${n}`,
          content: `<p>${word} ${n}</p>`,
          status: 'publish',
          categories: [pick([...categories]) ?? 1],
          tags: [pick([...tags])].filter((id) => id !== undefined),
        });
        posts.add(created.id);
        return postPaths(created.id);
      }
      switch (kind) {
        case 3:
          await write('POST', `/posts/${post}`, { title: `${word} retitled ${n}` });
          return postPaths(post);
        case 4: {
          // A status change: published → draft, or a draft published again.
          const draft = pick([...drafts]);
          if (draft !== undefined && rand() < 0.5) {
            await write('POST', `/posts/${draft}`, { status: 'publish' });
            drafts.delete(draft);
            posts.add(draft);
            return postPaths(draft);
          }
          await write('POST', `/posts/${post}`, { status: 'draft' });
          posts.delete(post);
          drafts.add(post);
          return postPaths(post);
        }
        case 5:
          await write('POST', `/posts/${post}`, {
            categories: [pick([...categories]) ?? 1],
            tags: [pick([...tags]), pick([...tags])].filter((id) => id !== undefined),
          });
          return [...postPaths(post), `${REST}/categories`, `${REST}/tags`];
        case 6: {
          // To the trash, or deleted for good.
          const force = rand() < 0.5;
          await write('DELETE', `/posts/${post}${force ? '?force=true' : ''}`);
          posts.delete(post);
          for (const [comment, on] of comments) if (on === post) comments.delete(comment);
          gone.push(...postPaths(post));
          return postPaths(post);
        }
        case 7: {
          const taxonomy = rand() < 0.5 ? 'categories' : 'tags';
          const term = await write('POST', `/${taxonomy}`, { name: `${word} term ${n}` });
          (taxonomy === 'tags' ? tags : categories).add(term.id);
          return [`${REST}/${taxonomy}`, `${REST}/${taxonomy}/${term.id}`];
        }
        case 8: {
          const taxonomy = rand() < 0.5 ? 'categories' : 'tags';
          const term = pick([...(taxonomy === 'tags' ? tags : categories)]);
          if (term === undefined) return [];
          await write('POST', `/${taxonomy}/${term}`, { name: `${word} renamed ${n}`, description: `about ${word}` });
          return [`${REST}/${taxonomy}`, `${REST}/${taxonomy}/${term}`, `${REST}/posts?_embed`];
        }
        case 9: {
          const taxonomy = rand() < 0.5 ? 'categories' : 'tags';
          const set = taxonomy === 'tags' ? tags : categories;
          const term = pick([...set].filter((id) => id !== 1));
          if (term === undefined) return [];
          await write('DELETE', `/${taxonomy}/${term}?force=true`);
          set.delete(term);
          gone.push(`${REST}/${taxonomy}/${term}`);
          return [`${REST}/${taxonomy}`, `${REST}/${taxonomy}/${term}`, `${REST}/posts`, `${REST}/posts?_embed`];
        }
        case 10: {
          const comment = await write('POST', '/comments', { post, content: `${word} comment ${n}` });
          comments.set(comment.id, post);
          return [
            `${REST}/comments`,
            `${REST}/comments?post=${post}`,
            `${REST}/comments/${comment.id}`,
            `${REST}/posts/${post}?_embed`,
          ];
        }
        case 11: {
          const entry = pick([...comments]);
          if (entry === undefined) return [];
          const [comment, on] = entry;
          if (rand() < 0.5) {
            await write('POST', `/comments/${comment}`, { content: `${word} edited ${n}` });
          } else {
            await write('DELETE', `/comments/${comment}?force=true`);
            comments.delete(comment);
            gone.push(`${REST}/comments/${comment}`);
          }
          return [`${REST}/comments`, `${REST}/comments?post=${on}`, `${REST}/comments/${comment}`];
        }
        case 12: {
          // A user who publishes (anonymous lists show only those).
          const user = await write('POST', '/users', {
            username: `writer${n}`,
            email: `writer${n}@example.invalid`,
            password: 'a long password 123',
            name: `${word} writer ${n}`,
            roles: ['author'],
          });
          users.add(user.id);
          const created = await write('POST', '/posts', { title: `${word} by writer ${n}`, status: 'publish', author: user.id });
          posts.add(created.id);
          return [`${REST}/users`, `${REST}/users/${user.id}`, ...postPaths(created.id)];
        }
        case 13: {
          const user = rand() < 0.3 ? 1 : (pick([...users]) ?? 1);
          await write('POST', `/users/${user}`, { name: `${word} renamed ${n}` });
          return [`${REST}/users`, `${REST}/users/${user}`, `${REST}/posts?_embed`];
        }
        case 14: {
          const user = pick([...users]);
          if (user === undefined) return [];
          await write('DELETE', `/users/${user}?force=true&reassign=1`);
          users.delete(user);
          gone.push(`${REST}/users/${user}`);
          return [`${REST}/users`, `${REST}/users/${user}`, `${REST}/posts`, `${REST}/posts?_embed`];
        }
        default: {
          if (rand() < 0.5) {
            await write('POST', '/settings', { title: `${word} site ${n}`, description: `the ${word} tagline` });
            return ['/cms-json/', `${REST}`];
          }
          const page = pick([...pages]);
          if (page === undefined || rand() < 0.3) {
            const created = await write('POST', '/pages', { title: `${word} page ${n}`, status: 'publish' });
            pages.add(created.id);
            return [`${REST}/pages`, `${REST}/pages/${created.id}`];
          }
          await write('POST', `/pages/${page}`, { title: `${word} page renamed ${n}` });
          return [`${REST}/pages`, `${REST}/pages/${page}`, `${REST}/pages?_embed`];
        }
      }
    }

    // The full run (200 writes, 10,000+ reads) on the default storage; the second, PostgreSQL
    // run of CI checks the same on PostgreSQL's write paths (term counts at the commit) in 60 writes.
    const WRITES = onPostgres ? 60 : 200;
    const READS_PER_WRITE = 40;
    for (let n = 0; n < WRITES; n++) {
      const paths = pool();
      // Reads in flight while the write commits (the race the second purge is for): most of them
      // of the popular URLs (the lists, the indexes), the others of any record, as a site's are.
      const background = inParallel(
        Array.from({ length: READS_PER_WRITE }, () => (rand() < 0.7 ? pick(staticPaths) : pick(paths)) ?? `${REST}/posts`),
        4,
        readThrough,
      );
      const touched = await randomWrite(n);
      await background;
      await purger.settled();
      const everything = pool();
      const sample = Array.from({ length: 8 }, () => pick(everything) ?? `${REST}/posts`);
      await check(n === WRITES / 2 - 1 ? everything : [...touched, ...sample]);
      if (Date.now() - started > 200_000) throw new Error(`the run took too long: ${n + 1} writes in 200 s`);
    }
    // Every URL, once more, at the end.
    await check(pool());

    const { stdout } = await run('varnishstat', [
      '-j',
      '-n',
      join(workdir, 'varnish', 'state'),
      '-f',
      'MAIN.cache_hit',
      '-f',
      'MAIN.cache_miss',
    ]);
    const counters = (JSON.parse(stdout) as { counters: Record<string, { value: number }> }).counters;
    const summary = {
      seed,
      reads,
      writes: WRITES,
      purgesSent: purger.stats.sent - sentBefore,
      purgesFailed: purger.stats.failed - failedBefore,
      checked,
      stale: stale.length,
      hitRatio: Number((hits / Math.max(1, hits + misses)).toFixed(3)),
      varnish: { hits: counters['MAIN.cache_hit']?.value, misses: counters['MAIN.cache_miss']?.value },
      seconds: Math.round((Date.now() - started) / 1000),
    };
    console.log(`shared cache run: ${JSON.stringify(summary)}`);
    expect(stale).toEqual([]);
    expect(reads).toBeGreaterThanOrEqual(onPostgres ? 2_500 : 10_000);
    // The cache did cache: without hits, 0 stale would prove nothing.
    expect(summary.hitRatio).toBeGreaterThan(0.3);
  }, 300_000);
});

/** Where two JSON answers differ, shortly: the first differing path and both values. */
function difference(cached: unknown, origin: unknown, path = ''): string {
  if (JSON.stringify(cached) === JSON.stringify(origin)) return '';
  if (typeof cached === 'object' && cached !== null && typeof origin === 'object' && origin !== null) {
    const keys = new Set([...Object.keys(cached), ...Object.keys(origin)]);
    for (const key of keys) {
      const found = difference(Reflect.get(cached, key), Reflect.get(origin, key), `${path}/${key}`);
      if (found !== '') return found;
    }
  }
  return `${path}: cached ${JSON.stringify(cached)?.slice(0, 200)}, origin ${JSON.stringify(origin)?.slice(0, 200)}`;
}

/** Runs `work` over `items`, at most `concurrency` at a time. */
async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
