import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runServeCommand } from './cli.js';
import type { WordPressDatabase } from './connection.js';
import { openFixtureDatabase } from './testing.js';

const serverUrl = inject('mysqlUrl');

/** What a run of the command wrote. */
function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) }, out, err };
}

describe('cms-json serve: arguments', () => {
  it('prints its help', async () => {
    const { io, out } = capture();
    expect(await runServeCommand(['--help'], io, {})).toBe(0);
    expect(out.join('')).toMatch(/^Usage: cms-json serve --wordpress/);
  });

  it('refuses bad arguments with the usage and exit code 2', async () => {
    const cases: string[][] = [
      [],
      ['--wordpress', 'postgres://x@host/db'],
      ['--wordpress', 'mysql://x@host/'],
      ['--wordpress', 'mysql://x@host/db', '--port', 'eighty'],
      ['--wordpress', 'mysql://x@host/db', '--port', '70000'],
      ['--wordpress', 'mysql://x@host/db', '--prefix', 'wp-; DROP'],
      ['--wordpress', 'mysql://x@host/db', '--site-url', 'ftp://example.com'],
      ['--wordpress', 'mysql://x@host/db', '--unknown'],
      ['--wordpress', 'mysql://x@host/db', 'extra'],
    ];
    for (const argv of cases) {
      const { io, err } = capture();
      expect(await runServeCommand(argv, io, {}), argv.join(' ')).toBe(2);
      expect(err.join('')).toContain('Usage: cms-json serve');
    }
  });

  it('takes the database from WORDPRESS_DATABASE_URL', async () => {
    const { io, err } = capture();
    const code = await runServeCommand(
      [],
      io,
      { WORDPRESS_DATABASE_URL: 'mysql://nobody:secret@127.0.0.1:1/wordpress' },
      Promise.resolve(),
    );
    expect(code).toBe(1);
    expect(err.join('')).toContain('mysql://nobody:***@127.0.0.1:1/wordpress');
  });

  it('says clearly, without a stack or the password, when the database cannot be reached', async () => {
    const { io, err } = capture();
    const code = await runServeCommand(['--wordpress', 'mysql://nobody:secret@127.0.0.1:1/wordpress'], io, {});
    expect(code).toBe(1);
    const text = err.join('');
    expect(text).toMatch(
      /^cms-json serve: cannot serve the WordPress database mysql:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/wordpress: .*ECONNREFUSED/,
    );
    expect(text).not.toContain('secret');
    expect(text).not.toMatch(/\n\s+at /);
  });
});

describe.skipIf(serverUrl === '')('cms-json serve on a WordPress database', () => {
  let wordpress: WordPressDatabase;
  let databaseUrl: string;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    databaseUrl = new URL(`/${wordpress.name}`, serverUrl).href;
  });
  afterAll(() => wordpress?.close());

  it('names a wrong prefix', async () => {
    const { io, err } = capture();
    const code = await runServeCommand(
      ['--wordpress', databaseUrl, '--prefix', 'nope_', '--port', '0'],
      io,
      {},
      Promise.resolve(),
    );
    expect(code).toBe(1);
    expect(err.join('')).toContain('has no table nope_options');
  });

  it('serves /wp-json/ through the cms-json command until stopped', async () => {
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
    const bin = fileURLToPath(new URL('../../content/src/bin.ts', import.meta.url));
    const child: ChildProcess = spawn(tsx, [bin, 'serve', '--wordpress', databaseUrl, '--port', '0'], {
      env: { ...process.env, CMS_SITE_SECRET: 'cli-test-secret-0123456789' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const root = await new Promise<string>((resolve, reject) => {
        let stdout = '';
        const timer = setTimeout(() => reject(new Error(`no URL printed in 30 s: ${stdout} ${stderr}`)), 30_000);
        child.stdout?.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const match = / at (http:\/\/\S+\/wp-json\/)/.exec(stdout);
          if (match?.[1] !== undefined) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
        void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
      const index = await fetch(root);
      expect(index.status).toBe(200);
      expect(await index.json()).toMatchObject({ name: 'CMS Oracle', home: 'http://127.0.0.1:8081' });
      const posts = await fetch(`${root}wp/v2/posts?include=1,4`);
      expect(posts.status).toBe(200);
      const list = (await posts.json()) as { id: number }[];
      expect(list.map((post) => post.id).sort()).toEqual([1, 4]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);
});
