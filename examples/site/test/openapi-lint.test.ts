/**
 * The example site's OpenAPI document (every plugin loaded, both profiles, the whole site and
 * one plugin namespace) linted with `@redocly/cli lint` and its recommended rules: no error,
 * and exactly the warnings `docs/openapi.md` lists and justifies under "Lint status".
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { testDatabaseUrl } from '@cms-json/database/testing';
import { ratings } from '@cms-json/example-ratings';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { createSite, type Site } from '../src/create-site.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
const sites: Site[] = [];
afterAll(async () => {
  for (const site of sites) await site.close();
  rmSync(work, { recursive: true, force: true });
});

/** The rules `docs/openapi.md` lists as warnings the document keeps, from its "Lint status" table. */
function justifiedWarnings(): string[] {
  const page = readFileSync(join(root, 'docs/openapi.md'), 'utf8');
  const section = page.split(/^## /m).find((part) => part.startsWith('Lint status')) ?? '';
  return [...section.matchAll(/^\| `([a-z0-9-]+)` \| warning \|/gm)].map((match) => match[1] as string).sort();
}

interface LintProblem {
  readonly ruleId: string;
  readonly severity: 'error' | 'warn';
  readonly message: string;
  readonly location: readonly { readonly pointer?: string; readonly source: { readonly ref: string } }[];
}

/** Runs `redocly lint` (recommended rules, whatever config file may lie around) on the files. */
async function lint(files: readonly string[]): Promise<LintProblem[]> {
  const redocly = join(root, 'node_modules/.bin/redocly');
  const args = ['lint', ...files, '--extends=recommended', '--format=json', '--max-problems=10000'];
  // redocly exits 1 when it finds errors; its JSON report is on stdout either way.
  const { stdout } = await run(redocly, args, { cwd: work, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? '',
  }));
  // One JSON report per file, one after the other.
  const reports = JSON.parse(`[${stdout.replace(/\}\s*\{(?=\s*"totals")/g, '},{')}]`) as { problems: LintProblem[] }[];
  expect(reports).toHaveLength(files.length);
  return reports.flatMap((report) => report.problems);
}

async function documentsOf(prefix: 'cms' | 'wp'): Promise<string[]> {
  const site = await createSite(
    readConfig({
      DATABASE_URL: await testDatabaseUrl({ sqlite: 'sqlite::memory:' }),
      CMS_PREFIX: prefix,
      CMS_ADMIN_APP_PASSWORD: 'abcdABCD1234efghEFGH5678',
      CMS_SECRET: 'openapi-lint-secret-0123456789abcdef',
      CMS_SAMPLE_LINKS: '0',
    }),
  );
  sites.push(site);
  await site.server.use(ratings({ database: site.database as never })); // the site's tables include none of the plugin's
  const files: string[] = [];
  for (const [name, url] of [
    ['site', `/${prefix}-json/openapi.json`],
    ['tel', `/${prefix}-json/tel/v1/openapi.json`],
  ] as const) {
    const res = await site.server.handle({ method: 'GET', url, headers: {} });
    expect(res?.status).toBe(200);
    const file = join(work, `${prefix}-${name}.json`);
    writeFileSync(file, String(res?.body));
    files.push(file);
  }
  return files;
}

describe('the OpenAPI document under `redocly lint` (recommended rules)', () => {
  // Two sites and one run of the linter: about 10 s on an idle machine.
  it('has no error, and only the warnings docs/openapi.md justifies, in both profiles', { timeout: 120_000 }, async () => {
    const files = [...(await documentsOf('cms')), ...(await documentsOf('wp'))];
    const problems = await lint(files);
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`);
    expect(errors).toEqual([]);
    const warned = [...new Set(problems.filter((problem) => problem.severity === 'warn').map((problem) => problem.ruleId))];
    expect(warned.sort()).toEqual(justifiedWarnings());
  });
});
