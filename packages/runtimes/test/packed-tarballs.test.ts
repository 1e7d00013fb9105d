import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { packedTarballs, scratchProject } from '../src/index.js';

// Packing itself (a build of each package) is exercised by packages/fetch/test/runtimes.test.ts.
describe('tarballs CI packed already (CMS_PACKED_DIR)', () => {
  let dir: string;
  afterEach(() => {
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes them from there, in the order asked', async () => {
    dir = mkdtempSync(join(tmpdir(), 'cms-json-packed-test-'));
    for (const name of ['core', 'fetch']) writeFileSync(join(dir, `cms-json-${name}-0.1.0.tgz`), 'not really a tarball');
    vi.stubEnv('CMS_PACKED_DIR', dir);
    expect(await packedTarballs({ packages: ['fetch', 'core'] })).toEqual([
      join(dir, 'cms-json-fetch-0.1.0.tgz'),
      join(dir, 'cms-json-core-0.1.0.tgz'),
    ]);
  });

  it('fails naming the missing tarball and what to do, rather than packing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'cms-json-packed-test-'));
    vi.stubEnv('CMS_PACKED_DIR', dir);
    await expect(packedTarballs({ packages: ['core'] })).rejects.toThrow(
      `CMS_PACKED_DIR=${dir} has no cms-json-core-0.1.0.tgz: pack it (npm pack -w packages/core) or unset CMS_PACKED_DIR.`,
    );
  });
});

describe('a scratch project', () => {
  it('refuses a tarball that does not exist', async () => {
    await expect(scratchProject({ tarballs: ['/nowhere/cms-json-core-0.1.0.tgz'] })).rejects.toThrow(
      'The tarball /nowhere/cms-json-core-0.1.0.tgz does not exist',
    );
  });
});
