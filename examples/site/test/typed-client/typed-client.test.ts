/**
 * The typed-client path: TypeScript types generated with openapi-typescript from the example
 * site's OpenAPI document, a small openapi-fetch program that lists, creates and deletes an
 * outgoing link type-checked against them with tsc, then run against the site over HTTP.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type RunningSite, startSite } from '../start-site.js';
import type { TypedProgram } from './program-types.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../../..');
const run = promisify(execFile);

let running: RunningSite;
let work: string;
beforeAll(async () => {
  running = await startSite({ CMS_SAMPLE_LINKS: '1' });
  // Inside the repository, so that `openapi-fetch` resolves from its node_modules.
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  work = mkdtempSync(join(cache, 'typed-client-'));
});
afterAll(async () => {
  await running?.stop();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('a typed client generated from the OpenAPI document', () => {
  it('type-checks a program that lists, creates and deletes an outgoing link, which then runs', async () => {
    const document = (await (await fetch(`${running.url}/cms-json/openapi.json`)).json()) as OpenAPI3;
    const types = astToString(await openapiTS(document));
    expect(types).toContain('listOutgoingLinks');
    writeFileSync(join(work, 'api.d.ts'), types);
    copyFileSync(join(here, 'program.ts.txt'), join(work, 'program.ts'));
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['program.ts'],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '-p', join(work, 'tsconfig.json')]).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(checked).toBe('');

    const program = (await import(pathToFileURL(join(work, 'program.ts')).href)) as TypedProgram;
    const basic = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
    const outcome = await program.listCreateDelete(`${running.url}/cms-json`, basic);
    expect(outcome.listed).toHaveLength(5);
    expect(outcome.created).toBeGreaterThan(0);
    expect(outcome.deleted).toBe(true);
    const gone = await fetch(`${running.url}/cms-json/tel/v1/outgoing-links/${outcome.created}`);
    expect(((await gone.json()) as { code: string }).code).toBe('rest_invalid_param'); // an unknown id, as tel/v1 answers it
  });
});
