/**
 * The site as a worker module, called in process on node as Bun and Deno call it: built on
 * the first request, its uploads answered by the Fetch fallback, a start that fails answered
 * with a 503 naming the problem. `test/runtimes.test.ts` and the runtime projects serve the
 * same module on Bun and Deno.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SiteWorker, siteWorker, workerEnvironment } from './worker.js';

const ORIGIN = 'http://site.test:4321';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

let dir: string;
let worker: SiteWorker;
let env: Record<string, string>;
let first: Response;

// The first request builds the site (migrations, the first administrator): in the hook, whose time limit is longer.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cms-site-worker-'));
  env = {
    DATABASE_URL: `sqlite:${join(dir, 'site.db')}`,
    CMS_SECRET: 'worker-test-secret-0123456789abcdef',
    CMS_ADMIN_APP_PASSWORD: 'abcdABCD1234efghEFGH5678',
    CMS_SAMPLE_CONTENT: '0',
    CMS_SAMPLE_LINKS: '0',
    UPLOADS_DIR: join(dir, 'uploads'),
  };
  mkdirSync(join(dir, 'uploads', '2026', '11'), { recursive: true });
  writeFileSync(join(dir, 'uploads', '2026', '11', 'dot.png'), PNG);
  mkdirSync(join(dir, 'uploads', '.staging'), { recursive: true });
  writeFileSync(join(dir, 'uploads', '.staging', 'half.png'), 'half-written');
  worker = siteWorker();
  first = await worker.fetch(new Request(`${ORIGIN}/cms-json/`), env);
});
afterAll(async () => {
  await worker?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the example site as a worker module', () => {
  it('builds the site on the first request, with the address of that request when SITE_URL is unset', async () => {
    expect(first.status).toBe(200);
    expect(((await first.json()) as { home: string }).home).toBe(ORIGIN);
    const me = await worker.fetch(
      new Request(`${ORIGIN}/cms-json/cms/v2/users/me`, {
        headers: { authorization: `Basic ${btoa(`admin:${env.CMS_ADMIN_APP_PASSWORD}`)}` },
      }),
      env,
    );
    expect(me.status).toBe(200);
    expect(((await me.json()) as { slug: string }).slug).toBe('admin');
  });

  it('serves the front page and the record pages as on node', async () => {
    const res = await worker.fetch(new Request(`${ORIGIN}/`), env);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`href="${ORIGIN}/cms-json/"`);
  });

  it('serves the uploads folder: GET with the type from the extension, HEAD without a body', async () => {
    const res = await worker.fetch(new Request(`${ORIGIN}/cms-content/uploads/2026/11/dot.png`), env);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    const head = await worker.fetch(new Request(`${ORIGIN}/cms-content/uploads/2026/11/dot.png`, { method: 'HEAD' }), env);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PNG.length));
    expect(await head.text()).toBe('');
  });

  it('answers 404 outside the uploads folder, for the staging folder, a missing file and other methods', async () => {
    for (const path of [
      '/cms-content/uploads/.staging/half.png',
      '/cms-content/uploads/2026/11/missing.png',
      '/cms-content/uploads/2026/11/..%2f..%2f..%2fsite.db',
      '/cms-content/uploads/2026',
      '/elsewhere/dot.png',
    ]) {
      const res = await worker.fetch(new Request(`${ORIGIN}${path}`), env);
      expect([path, res.status]).toEqual([path, 404]);
    }
    const post = await worker.fetch(
      new Request(`${ORIGIN}/cms-content/uploads/2026/11/dot.png`, { method: 'POST', body: 'x' }),
      env,
    );
    expect(post.status).toBe(404);
  });

  it('answers 503 naming the problem when the site cannot start, and keeps answering it', async () => {
    const broken = siteWorker();
    try {
      for (let i = 0; i < 2; i++) {
        const res = await broken.fetch(new Request(`${ORIGIN}/cms-json/`), { ...env, CMS_PREFIX: 'xx' });
        expect(res.status).toBe(503);
        expect(await res.text()).toContain('CMS_PREFIX must be "cms" or "wp"');
      }
    } finally {
      await broken.close();
    }
  });
});

describe('workerEnvironment', () => {
  it('takes the string values of env over the process environment and ignores the others', () => {
    const settings = workerEnvironment({ CMS_PREFIX: 'wp', port: 3000, server: { hostname: 'x' } });
    expect(settings.CMS_PREFIX).toBe('wp');
    expect(settings.port).toBeUndefined();
    expect(settings.PATH).toBe(process.env.PATH);
    expect(workerEnvironment(undefined).PATH).toBe(process.env.PATH);
  });
});
