// Runs the code of the user guides as a new user would, against the packed tarballs:
// docs/use-in-your-own-server.md, docs/writing-a-plugin.md and docs/extending-types.md.
//
// Every fenced block of those pages carries a marker in the line(s) before it:
//   <!-- snippet: <file> -->          the block is (appended to) that file of the page's project
//   <!-- snippet: shell -->           the block's commands run in the page's project, in order
//   <!-- snippet: skip (reason) -->   the block is a fragment; the reason says why (required)
// An unmarked block fails the check, so a new block is either run or skipped on purpose.
//
// Each page gets a project directory under the scratch app (its node_modules is the app's,
// which holds the tarballs), set up by the shell blocks of use-in-your-own-server.md
// (`npm init -y`, `npm pkg set type=module`) and its tsconfig.json. In shell blocks an
// `npm install` line is checked, not run: every package it names must be in the scratch app
// (check-packages.sh installs them, with the tarballs for @cms-json/*), and `typescript`
// and `tsx` are the repository's. Then, per page: every package a snippet imports must be
// named by an install line of the page or of use-in-your-own-server.md (and the required
// peers of each @cms-json package named too); `tsc` checks the files with the page's
// tsconfig.json; the servers are started on a free port on 127.0.0.1 and asked what the page
// says to ask, and stopped; the other programs run to their end.
//
// Usage: node docs-snippets.mjs <repository root> <scratch app with the tarballs installed>
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const [root, app] = process.argv.slice(2);
if (root === undefined || app === undefined) throw new Error('usage: node docs-snippets.mjs <root> <app>');
const BASE = 'use-in-your-own-server';
const PAGES = [BASE, 'writing-a-plugin', 'extending-types'];
/** Packages the repository provides to the scratch projects (the doc installs them with -D). */
const FROM_REPOSITORY = new Set(['typescript', 'tsx']);
const bin = join(root, 'node_modules', '.bin');
const env = {
  ...process.env,
  PATH: `${join(app, 'node_modules', '.bin')}:${bin}:${process.env.PATH}`,
  SITE_SECRET: 'a docs-snippets secret, thirty-two characters or more',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};
let run = 0;
let skipped = 0;

function fail(message) {
  throw new Error(`docs snippets: ${message}`);
}

/** The marked blocks of a page, in order: { kind: 'file' | 'shell' | 'skip', file?, reason?, lang, code, line }. */
function blocksOf(page) {
  const lines = readFileSync(join(root, 'docs', `${page}.md`), 'utf8').split('\n');
  const blocks = [];
  let marker;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const mark = /^<!-- snippet: (.+?) -->$/.exec(line.trim());
    if (mark) {
      marker = { text: mark[1] ?? '', line: i + 1 };
      continue;
    }
    const fence = /^```(\S*)/.exec(line);
    if (!fence) {
      if (line.trim() !== '') marker = undefined; // a marker stands right before its block
      continue;
    }
    const start = i + 1;
    const code = [];
    for (i++; i < lines.length && !(lines[i] ?? '').startsWith('```'); i++) code.push(lines[i]);
    const where = `docs/${page}.md:${start}`;
    if (marker === undefined) fail(`${where}: a code block without a <!-- snippet: … --> marker before it`);
    const text = marker.text;
    marker = undefined;
    const block = { lang: fence[1] ?? '', code: `${code.join('\n')}\n`, where };
    if (text === 'shell') blocks.push({ ...block, kind: 'shell' });
    else if (text.startsWith('skip')) {
      const reason = /^skip \((.+)\)$/.exec(text)?.[1];
      if (reason === undefined) fail(`${where}: "skip" needs a reason in parentheses`);
      blocks.push({ ...block, kind: 'skip', reason });
    } else if (/^[\w.-]+\.(ts|json)$/.test(text)) blocks.push({ ...block, kind: 'file', file: text });
    else fail(`${where}: unknown marker "${text}"`);
  }
  return blocks;
}

/** `name` of `name@range` or `@scope/name@range`. */
function packageName(spec) {
  const at = spec.indexOf('@', 1);
  return at === -1 ? spec : spec.slice(0, at);
}

/** The bare package a module specifier names, or undefined (relative, node:). */
function importedPackage(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function runShell(block, dir, named, outputs) {
  for (const raw of block.code.split('\n')) {
    const command = raw.trim();
    if (command === '' || command.startsWith('#')) continue;
    const install = /^npm (?:install|i|add)\s+(.*)$/.exec(command);
    if (install) {
      for (const word of (install[1] ?? '').split(/\s+/)) {
        if (word === '' || word.startsWith('-')) continue;
        const name = packageName(word);
        named.add(name);
        const where = FROM_REPOSITORY.has(name) ? root : app;
        if (!existsSync(join(where, 'node_modules', name, 'package.json')))
          fail(
            `${block.where}: "${command}" names ${name}, which the scratch app does not have (add it to check-packages.sh's install line)`,
          );
      }
      continue;
    }
    // The scratch app has every package already; never fetch one.
    const literal = command.replace(/^npx (?!--no-install)/, 'npx --no-install ');
    try {
      outputs.push(execFileSync('bash', ['-c', literal], { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
    } catch (error) {
      fail(`${block.where}: "${command}" failed: ${error.stderr || error.message}`);
    }
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** `npx tsx <args>` in `dir`, in a process group of its own (stopped as one). */
function start(dir, args, extraEnv) {
  const child = spawn(join(bin, 'tsx'), args, { cwd: dir, env: { ...env, ...extraEnv }, detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return { child, exited, output: () => output };
}

async function stop(process_) {
  try {
    process.kill(-process_.child.pid, 'SIGTERM');
  } catch {}
  const timer = setTimeout(() => {
    try {
      process.kill(-process_.child.pid, 'SIGKILL');
    } catch {}
  }, 5000);
  await process_.exited;
  clearTimeout(timer);
}

/** Runs a program to its end; its output. */
async function runToEnd(dir, args, extraEnv = {}) {
  const program = start(dir, args, extraEnv);
  const code = await program.exited;
  if (code !== 0) fail(`tsx ${args.join(' ')} exited with ${code}:\n${program.output()}`);
  return program.output();
}

/** Starts a server file on a free port, waits until it answers, runs `check(base)`, stops it. */
async function serveAndCheck(dir, file, check) {
  const port = await freePort();
  const server = start(dir, [file], { PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 45_000;
    for (;;) {
      const code = await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 200, 'running'))]);
      if (code !== 'running') fail(`${file} exited with ${code} before answering:\n${server.output()}`);
      try {
        await fetch(base, { signal: AbortSignal.timeout(2000) });
        break;
      } catch {}
      if (Date.now() > deadline) fail(`${file} did not answer on ${base} within 45 s:\n${server.output()}`);
    }
    await check(base, server.output);
  } finally {
    await stop(server);
  }
}

async function expect(what, response, test) {
  const text = await response.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {}
  const problem = test(response.status, body);
  if (problem) fail(`${what}: ${problem} (answered ${response.status} ${text.slice(0, 300)})`);
  console.log(`  ${what}: ${response.status}`);
}

/**
 * The REST index at `root` (`http://127.0.0.1:<port>/api/cms-json`): cms/v2 among its
 * namespaces, and, as the page says of a server without `siteUrl`, its routes' links start
 * with the address the request came to, mount path included.
 */
const isIndexAt = (root) => (status, body) => {
  if (status !== 200 || !Array.isArray(body?.namespaces) || !body.namespaces.includes('cms/v2'))
    return 'expected 200 and the REST index, with cms/v2 among its namespaces';
  const self = body.routes?.['/cms/v2/users']?._links?.self?.[0]?.href;
  if (self !== `${root}/cms/v2/users`) return `expected the users route's link to be ${root}/cms/v2/users, not ${self}`;
  return undefined;
};

/** HTTP Basic of the administrator the CLI created (use-in-your-own-server.md), whose database the other pages copy. */
let basic = {};

/** What each page's programs are asked, by file. */
const RUNS = {
  [BASE]: async (dir, outputs) => {
    const password = /Application password "deploy"[^\n]*\nPassword \(shown once\): (.+)/.exec(outputs.join('\n'))?.[1];
    if (password === undefined) fail(`${BASE}: the app-password command printed no password: ${outputs.join('\n')}`);
    basic = { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` };
    await serveAndCheck(dir, 'site.ts', async (base, output) => {
      if (!output().includes(`${base}/cms-json/`)) fail(`site.ts printed ${JSON.stringify(output())}, not ${base}/cms-json/`);
      await expect('site.ts GET /cms-json/', await fetch(`${base}/cms-json/`), isIndexAt(`${base}/cms-json`));
      await expect(
        'site.ts GET users/me with the application password',
        await fetch(`${base}/cms-json/cms/v2/users/me`, { headers: basic }),
        (status, body) => (status === 200 && body?.slug === 'admin' ? undefined : 'expected 200 and the user admin'),
      );
    });
    await serveAndCheck(dir, 'http.ts', async (base) => {
      await expect('http.ts GET /api/cms-json/', await fetch(`${base}/api/cms-json/`), isIndexAt(`${base}/api/cms-json`));
      await expect('http.ts GET /health', await fetch(`${base}/health`), (status, body) =>
        status === 200 && body === 'ok' ? undefined : 'expected 200 ok',
      );
      await expect('http.ts GET /elsewhere', await fetch(`${base}/elsewhere`), (status) =>
        status === 404 ? undefined : 'expected 404',
      );
    });
    for (const file of ['express.ts', 'hono.ts']) {
      await serveAndCheck(dir, file, async (base) => {
        await expect(`${file} GET /api/cms-json/`, await fetch(`${base}/api/cms-json/`), isIndexAt(`${base}/api/cms-json`));
        await expect(`${file} GET /`, await fetch(`${base}/`), (status, body) =>
          status === 200 && body === 'home' ? undefined : 'expected 200 home',
        );
      });
    }
    const printed = await runToEnd(dir, ['first-admin.ts'], { DATABASE_URL: 'sqlite:./data/first-admin.db' });
    if (!/Application password: \S/.test(printed)) fail(`first-admin.ts printed ${JSON.stringify(printed)}`);
    console.log('  first-admin.ts: created the administrator and an application password');
  },
  'writing-a-plugin': async (dir) => {
    await serveAndCheck(dir, 'links-site.ts', async (base) => {
      const links = `${base}/cms-json/tel/v1/outgoing-links`;
      await expect('links-site.ts GET outgoing-links', await fetch(links), (status, body) =>
        status === 200 && Array.isArray(body) && body.length === 0 ? undefined : 'expected 200 []',
      );
      const post = await fetch(links, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"title":"PHP","link":"https://php.net"}',
      });
      await expect('links-site.ts POST outgoing-links without credentials', post, (status, body) =>
        status === 401 && body?.code === 'rest_forbidden' ? undefined : 'expected 401 rest_forbidden',
      );
    });
    await runToEnd(dir, ['--test', 'links.test.ts']);
    console.log('  tsx --test links.test.ts: passes');
  },
  'extending-types': async (dir) => {
    await serveAndCheck(dir, 'ratings-site.ts', async (base) => {
      const me = `${base}/cms-json/cms/v2/users/me`;
      await expect('ratings-site.ts GET users/me', await fetch(me, { headers: basic }), (status, body) =>
        status === 200 && body?.rating === 0 && body?._links?.['ratings:rating'] !== undefined
          ? undefined
          : 'expected 200 with rating 0 and a ratings:rating link',
      );
      const write = (rating) =>
        fetch(me, {
          method: 'POST',
          headers: { ...basic, 'content-type': 'application/json' },
          body: JSON.stringify({ rating }),
        });
      await expect('ratings-site.ts POST users/me {"rating": 4}', await write(4), (status, body) =>
        status === 200 && body?.rating === 4 ? undefined : 'expected 200 with rating 4',
      );
      await expect('ratings-site.ts POST users/me {"rating": 0}', await write(0), (status, body) =>
        status === 400 && body?.code === 'ratings_zero' ? undefined : 'expected 400 ratings_zero',
      );
    });
  },
};

const named = new Map(); // page -> the packages its install lines name
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
/** Each page's project directory and the output of its shell commands. */
const projects = [];
for (const page of PAGES) {
  console.log(`--- docs/${page}.md`);
  const dir = join(app, 'docs-snippets', page);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(app, 'node_modules'), join(dir, 'node_modules'));
  const blocks = blocksOf(page);
  const names = new Set();
  named.set(page, names);
  const outputs = [];
  if (page !== BASE) {
    // "In the project of use-in-your-own-server.md": its package.json, tsconfig.json, cms.ts and database.
    const base = join(app, 'docs-snippets', BASE);
    for (const file of ['package.json', 'tsconfig.json', 'cms.ts', 'data'])
      cpSync(join(base, file), join(dir, file), { recursive: true });
  }
  const files = new Map();
  for (const block of blocks) {
    if (block.kind === 'skip') {
      skipped++;
      console.log(`  skip ${block.where}: ${block.reason}`);
      continue;
    }
    run++;
    if (block.kind === 'shell') runShell(block, dir, names, outputs);
    else files.set(block.file, `${files.get(block.file) ?? ''}${block.code}`);
  }
  if (page !== BASE && files.has('tsconfig.json'))
    fail(`docs/${page}.md: a tsconfig.json of its own (the pages share ${BASE}.md's)`);
  for (const [file, code] of files) writeFileSync(join(dir, file), code);

  const allowed = new Set([...names, ...(named.get(BASE) ?? [])]);
  for (const [file, code] of files) {
    if (!file.endsWith('.ts')) continue;
    for (const match of code.matchAll(/(?:from|import)\s+['"]([^'"]+)['"]/g)) {
      const name = importedPackage(match[1] ?? '');
      if (name !== undefined && !allowed.has(name))
        fail(`docs/${page}.md: ${file} imports ${name}, which no install line of the page (or of ${BASE}.md) names`);
    }
  }
  for (const name of allowed) {
    if (!name.startsWith('@cms-json/')) continue;
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8'));
    for (const peer of Object.keys(manifest.peerDependencies ?? {})) {
      if (manifest.peerDependenciesMeta?.[peer]?.optional) continue;
      if (!allowed.has(peer)) fail(`docs/${page}.md: installs ${name} without its peer ${peer}`);
    }
  }
  console.log(`  written: ${[...files.keys()].join(', ')}; install lines name their imports (${seconds()})`);
  projects.push({ page, dir, outputs, files: [...files.keys()].filter((file) => file.endsWith('.ts')) });
}

// One tsc run over the three projects, with use-in-your-own-server.md's tsconfig.json (each
// page's project has the same one): the packages' types are checked once, not three times.
const all = join(app, 'docs-snippets', 'tsconfig.json');
writeFileSync(all, JSON.stringify({ extends: `./${BASE}/tsconfig.json`, include: PAGES.map((page) => `${page}/*.ts`) }));
try {
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', all], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
} catch (error) {
  fail(`the pages' files do not type-check (${join(app, 'docs-snippets')}):\n${error.stdout}${error.stderr}`);
}
console.log(
  `--- tsc: ${projects.flatMap(({ page, files }) => files.map((file) => `${page}/${file}`)).join(', ')} type-check (${seconds()})`,
);

for (const { page, dir, outputs } of projects) {
  console.log(`--- run docs/${page}.md`);
  await RUNS[page]?.(dir, outputs);
  console.log(`  (${seconds()})`);
}
console.log(`docs snippets: ${run} run, ${skipped} skipped`);
