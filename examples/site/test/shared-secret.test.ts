/**
 * A site that several processes may serve signs nonces with one shared key: without
 * `CMS_SECRET` it refuses to start, rather than failing later with nonces one process
 * refuses from another.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { createSite } from '../src/create-site.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

describe('the shared nonce secret', () => {
  it('refuses to build a site on PostgreSQL without CMS_SECRET, before connecting', async () => {
    await expect(createSite(readConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }))).rejects.toThrow(
      /CMS_SECRET is required/,
    );
  });

  it('refuses to build a site with several workers without CMS_SECRET, even on SQLite', async () => {
    await expect(createSite(readConfig({ DATABASE_URL: 'sqlite::memory:', WORKERS: '2' }))).rejects.toThrow(
      /CMS_SECRET is required/,
    );
  });

  it('rejects a WORKERS value that is not a whole number from 1 to 64', () => {
    for (const workers of ['0', '-1', '1.5', 'many', '65']) {
      expect(() => readConfig({ WORKERS: workers })).toThrow(/WORKERS must be a whole number/);
    }
    expect(readConfig({ WORKERS: '4' }).workers).toBe(4);
    expect(readConfig({}).workers).toBe(1);
  });

  it('npm start with WORKERS=2 and no CMS_SECRET exits 1 with the reason, starting no worker', { timeout: 60_000 }, () => {
    const env: Record<string, string | undefined> = { ...process.env, WORKERS: '2', PORT: '0', DATABASE_URL: 'sqlite::memory:' };
    delete env.CMS_SECRET;
    const run = spawnSync(process.execPath, ['--import', 'tsx', MAIN], { cwd: REPO, env, encoding: 'utf8', timeout: 50_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/CMS_SECRET/);
    expect(run.stdout).not.toMatch(/listening/);
  });
});
