import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { storageTestFiles } from './storage-test-files.ts';

const fixture = mkdtempSync(join(tmpdir(), 'cms-json-storage-files-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(fixture, path, '..'), { recursive: true });
  writeFileSync(join(fixture, path), text);
};
write('helpers.ts', "export const url = process.env.CMS_TEST_DATABASE_URL ?? 'sqlite::memory:';\n");
write('a/reads-through-a-helper.test.ts', "import { url } from '../helpers.js';\nconsole.log(url);\n");
write('a/reads-the-variable.test.ts', 'console.log(process.env.CMS_TEST_DATABASE_URL);\n');
write(
  'a/pure.test.ts',
  "import { readFileSync } from 'node:fs';\nimport data from './data.json';\nconsole.log(readFileSync, data);\n",
);
write('a/data.json', '{}\n');

describe('storageTestFiles', () => {
  it('keeps a test whose helpers reach @cms-json/database/testing and leaves out one that never opens the test database', async () => {
    const files = ['packages/content/src/auth/auth.test.ts', 'packages/content/src/posts/slug.test.ts'];
    expect(await storageTestFiles(files)).toEqual(['packages/content/src/auth/auth.test.ts']);
  });

  it('keeps a test that reads CMS_TEST_DATABASE_URL, itself or through an import, and leaves out one that does not', async () => {
    const files = ['a/pure.test.ts', 'a/reads-through-a-helper.test.ts', 'a/reads-the-variable.test.ts'];
    expect(await storageTestFiles(files, { root: fixture })).toEqual(files.slice(1));
  });

  it('keeps every file, saying why, when the graph cannot be made (a mistake costs time, never coverage)', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const files = ['a/pure.test.ts', 'a/missing.test.ts'];
      expect(await storageTestFiles(files, { root: fixture })).toEqual(files);
      expect(said).toHaveBeenCalledWith(expect.stringMatching(/^storage-test-files: esbuild could not follow the imports/));
    } finally {
      said.mockRestore();
    }
  });
});
