/**
 * Starts the example site on a temporary SQLite file (or a fresh PostgreSQL schema when
 * `CMS_TEST_DATABASE_URL` is set) and a free port on 127.0.0.1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabaseUrl } from '@cms-json/database/testing';
import { serve } from '@cms-json/node';
import { readConfig } from '../src/config.js';
import { createSite, type Site } from '../src/create-site.js';

export const ADMIN_PASSWORD = 'abcdABCD1234efghEFGH5678';

export interface RunningSite {
  site: Site;
  url: string;
  dir: string;
  /** The site's database (a SQLite file in {@link dir}, or a PostgreSQL schema). */
  databaseUrl: string;
  stop(): Promise<void>;
}

export async function startSite(env: Record<string, string> = {}): Promise<RunningSite> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-site-'));
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
