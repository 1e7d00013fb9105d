/**
 * Starts the example site on a temporary SQLite file (or a fresh PostgreSQL schema when
 * `CMS_TEST_DATABASE_URL` is set) and a free port on 127.0.0.1: in this process on node, or
 * with `CMS_SITE_RUNTIME=bun` (or `deno`) as `src/worker.ts` on that runtime
 * (`runtime-site.ts`), where `running.site` does not exist (a suite that reads it runs in
 * process only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabaseUrl } from '@cms-json/database/testing';
import type { Site } from '../src/create-site.js';
import { type SiteRuntime, siteRuntime, startRuntimeSite } from './runtime-site.js';

export const ADMIN_PASSWORD = 'abcdABCD1234efghEFGH5678';

export interface RunningSite {
  /** The site object, in process only: on another runtime reading it throws. */
  site: Site;
  /** The runtime serving the site: `node` (this process), `bun` or `deno`. */
  runtime: 'node' | SiteRuntime;
  /** The process that serves the site's requests (this one on node). */
  pid: number;
  url: string;
  dir: string;
  /** The site's database (a SQLite file in {@link dir}, or a PostgreSQL schema). */
  databaseUrl: string;
  stop(): Promise<void>;
}

export async function startSite(env: Record<string, string> = {}): Promise<RunningSite> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-site-'));
  const runtime = siteRuntime(process.env);
  if (runtime !== undefined) return startSiteOn(runtime, env, dir);
  // Loaded here: on another runtime the suites' process needs none of the site's modules.
  const [{ serve }, { readConfig }, { createSite }] = await Promise.all([
    import('@cms-json/node'),
    import('../src/config.js'),
    import('../src/create-site.js'),
  ]);
  const probe = await serve({ server: (await import('@cms-json/core')).createRestServer(), port: 0, host: '127.0.0.1' });
  const port = probe.port;
  await probe.close();
  const config = readConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: await testDatabaseUrl({ sqlite: `sqlite:${join(dir, 'site.db')}` }),
    CMS_ADMIN_APP_PASSWORD: ADMIN_PASSWORD,
    CMS_SECRET: 'start-site-test-secret-0123456789',
    UPLOADS_DIR: join(dir, 'uploads'),
    ...env,
  });
  const site = await createSite(config);
  const fallback = site.media.fallback;
  const listening = await serve({ server: site.server, port, host: '127.0.0.1', fallback });
  return {
    site,
    runtime: 'node',
    pid: process.pid,
    url: config.siteUrl,
    dir,
    databaseUrl: config.databaseUrl,
    async stop() {
      await listening.close();
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The site as `src/worker.ts` on `runtime`, with the same settings as in process. */
async function startSiteOn(runtime: SiteRuntime, env: Record<string, string>, dir: string): Promise<RunningSite> {
  const settings = {
    DATABASE_URL: await testDatabaseUrl({ sqlite: `sqlite:${join(dir, 'site.db')}` }),
    CMS_ADMIN_APP_PASSWORD: ADMIN_PASSWORD,
    CMS_SECRET: 'start-site-test-secret-0123456789',
    UPLOADS_DIR: join(dir, 'uploads'),
    ...env,
  };
  try {
    const served = await startRuntimeSite(runtime, settings, dir);
    return {
      get site(): Site {
        throw new Error(`running.site exists in process only, not with CMS_SITE_RUNTIME=${runtime}: run this suite on node.`);
      },
      runtime,
      pid: served.pid,
      url: served.url,
      dir,
      databaseUrl: settings.DATABASE_URL,
      async stop() {
        await served.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** HTTP Basic as the site's administrator, with the application password the site was started with. */
export const ADMIN_BASIC = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

/** The URL of a `cms/v2` route of the running site: `restUrl(running, '/posts')`. */
export function restUrl(running: RunningSite, path: string): string {
  return `${running.url}/cms-json/cms/v2${path}`;
}

/**
 * A JSON `POST` to the running site's `cms/v2` routes as its administrator; the record the
 * write answered with (the write must succeed).
 *
 * @example
 * const post = await sendAsAdmin(running, '/posts', { title: 'Hello', status: 'publish' });
 */
export async function sendAsAdmin(running: RunningSite, path: string, body: unknown): Promise<{ id: number; link: string }> {
  const res = await fetch(restUrl(running, path), {
    method: 'POST',
    headers: { authorization: ADMIN_BASIC, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: number; link: string };
}
