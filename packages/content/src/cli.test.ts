import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRestServer } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openContentDatabase, temporaryDirectory } from '../test/helpers.js';
import { runCli } from './cli.js';
import { contentPlugin, createAuth } from './index.js';

let tmp: ReturnType<typeof temporaryDirectory>;
let db: string;
beforeEach(() => {
  tmp = temporaryDirectory();
  db = `sqlite:${join(tmp.dir, 'data', 'site.db')}`;
});
afterEach(() => {
  tmp.remove();
});

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (text) => (out += text), err: (text) => (err += text) }, {});
  return { code, out, err };
}

const secret = 'a site secret of some length';

describe('content CLI', () => {
  it('creates the first administrator with a given password', async () => {
    const result = await run('create-admin', '--login', 'admin', '--email', 'admin@example.com', '--password', 'pw!', '--db', db);
    expect(result).toEqual({ code: 0, out: 'Created administrator "admin" (id 1).\n', err: '' });
    const database = await openContentDatabase(db);
    const auth = createAuth({ database: database, secret });
    const login = await auth.login('admin', 'pw!');
    expect('user' in login && login.user.can('manage_options')).toBe(true);
    await database.close();
  });

  it('generates and prints a password when none is given', async () => {
    const result = await run('create-admin', '--login', 'admin', '--email', 'admin@example.com', '--db', db);
    expect(result.code).toBe(0);
    const password = /Password \(shown once\): (\S+)\n$/.exec(result.out)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const database = await openContentDatabase(db);
    expect('user' in (await createAuth({ database: database, secret }).login('admin', String(password)))).toBe(true);
    await database.close();
  });

  it('creates an application password that authenticates', async () => {
    await run('create-admin', '--login', 'admin', '--email', 'admin@example.com', '--db', db);
    const result = await run('app-password', '--login', 'admin', '--name', 'cli', '--db', db);
    expect(result.code).toBe(0);
    const password = /Password \(shown once\): ([A-Za-z0-9 ]{29})\n$/.exec(result.out)?.[1];
    expect(password).toBeDefined();
    const database = await openContentDatabase(db);
    const authorization = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
    const authenticated = await createAuth({ database: database, secret }).authenticate({ headers: { authorization } });
    expect(authenticated && 'user' in authenticated ? authenticated.user.login : undefined).toBe('admin');
    await database.close();
  });

  it('brings a WordPress user over: registration date, names, known application password, old password hash', async () => {
    // phpass hash of "Pässword with spaces " made by WordPress's class-phpass.php.
    const hash = '$P$B65P9hHh5CVkB0HNBTmUIyVM3uJ82L0';
    const imported = await run(
      'import-user',
      '--login',
      'ada',
      '--email',
      'ada@example.test',
      '--role',
      'administrator',
      '--display-name',
      'Ada Author',
      '--first-name',
      'Ada',
      '--last-name',
      'Author',
      '--registered',
      '2023-01-02T00:00:00Z',
      '--password-hash',
      hash,
      '--db',
      db,
    );
    expect(imported).toEqual({ code: 0, out: 'Imported user "ada" (id 1, registered 2023-01-02T00:00:00.000Z).\n', err: '' });
    const known = 'oracleauthorapppasswd001';
    expect((await run('app-password', '--login', 'ada', '--name', 'old site', '--password', known, '--db', db)).code).toBe(0);

    const database = await openContentDatabase(db);
    const auth = createAuth({ database: database, secret, prefix: 'wp' });
    const server = createRestServer({ prefix: 'wp', siteUrl: 'http://site.test' });
    await server.use(contentPlugin({ auth }));
    const me = await testClient(server).get('/wp/v2/users/me?context=edit', {
      headers: { authorization: `Basic ${Buffer.from(`ada:${known}`).toString('base64')}` },
    });
    expect(me.body).toMatchObject({ name: 'Ada Author', first_name: 'Ada', registered_date: '2023-01-02T00:00:00+00:00' });
    // The old WordPress password works once proven, and the hash becomes this site's own.
    expect('user' in (await auth.login('ada', 'wrong'))).toBe(false);
    expect('user' in (await auth.login('ada', 'Pässword with spaces '))).toBe(true);
    const row = await database.db.selectFrom('users').select('pass_hash').executeTakeFirstOrThrow();
    expect(row.pass_hash).toMatch(/^\$scrypt\$/);
    expect('user' in (await auth.login('ada', 'Pässword with spaces '))).toBe(true);
    await database.close();
  });

  it('refuses to import a password hash that is not a WordPress one', async () => {
    const result = await run('import-user', '--login', 'x', '--email', 'x@example.test', '--password-hash', '$1$abc', '--db', db);
    expect(result).toMatchObject({
      code: 1,
      err: 'import-user failed: rest_invalid_param: passwordHash is not a WordPress password hash.\n',
    });
  });

  it('fails with the reason on a taken login, an unknown login or a duplicate name', async () => {
    await run('create-admin', '--login', 'admin', '--email', 'admin@example.com', '--db', db);
    expect(await run('create-admin', '--login', 'admin', '--email', 'other@example.com', '--db', db)).toEqual({
      code: 1,
      out: '',
      err: 'create-admin failed: existing_user_login: Sorry, that username already exists!\n',
    });
    expect(await run('app-password', '--login', 'ghost', '--name', 'cli', '--db', db)).toMatchObject({
      code: 1,
      err: expect.stringContaining('No user with the login "ghost"'),
    });
    await run('app-password', '--login', 'admin', '--name', 'cli', '--db', db);
    expect(await run('app-password', '--login', 'admin', '--name', 'cli', '--db', db)).toMatchObject({
      code: 1,
      err: expect.stringContaining('application_password_duplicate_name'),
    });
    expect(await run('create-admin', '--login', 'x', '--email', 'x@example.com', '--db', 'mysql://nope')).toMatchObject({
      code: 1,
      err: expect.stringContaining('Unsupported database URL'),
    });
  });

  it('explains its usage on bad arguments', async () => {
    expect(await run()).toMatchObject({ code: 2, out: expect.stringContaining('Usage:') });
    expect(await run('--help')).toMatchObject({ code: 0, out: expect.stringContaining('create-admin') });
    expect(await run('launch-rockets')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Unknown command "launch-rockets"'),
    });
    expect(await run('create-admin', '--login', 'admin')).toMatchObject({
      code: 2,
      err: expect.stringContaining('missing --email'),
    });
    expect(await run('app-password', '--login', 'admin', '--nmae', 'x')).toMatchObject({
      code: 2,
      err: expect.stringContaining("Unknown option '--nmae'"),
    });
    expect(await run('create-admin', 'extra', '--login', 'a', '--email', 'a@example.com')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Unexpected argument "extra"'),
    });
  });

  it('runs as a program with npx tsx', { timeout: 30_000 }, async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const output = await new Promise<{ code: number; stdout: string }>((done) => {
      execFile(
        process.execPath,
        [
          '--import',
          'tsx',
          cli,
          'create-admin',
          '--login',
          'root',
          '--email',
          'root@example.com',
          '--password',
          'pw',
          '--db',
          db,
        ],
        (error, stdout) => done({ code: error ? Number(error.code) : 0, stdout }),
      );
    });
    expect(output).toEqual({ code: 0, stdout: 'Created administrator "root" (id 1).\n' });
  });
});
