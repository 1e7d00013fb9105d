/**
 * The project the suite serves on other runtimes: the packed tarballs of `@cms-json/core`,
 * `@cms-json/fetch` and what the fixture imports (`@cms-json/openapi`, `@cms-json/browsable`,
 * `zod`), installed outside the workspace as a user installs them, with the fixture
 * (`remote-fixture.ts`) copied in as sources and a worker module serving it through
 * `@cms-json/fetch`'s `createFetchHandler`.
 *
 * @module
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packedTarballs, scratchProject } from '@cms-json/runtimes';

/** The workspace packages the served fixture runs on, installed from their tarballs. */
export const REMOTE_PACKAGES = ['core', 'fetch', 'openapi', 'browsable'];

/** The sources copied into the project: the served fixture and what it imports of this package. */
const SOURCES = ['remote-fixture.ts', 'fixture.ts', 'fallback.ts'];

/** The worker module: the Fetch adapter, from its tarball, serving the fixture. */
const WORKER = `import { createFetchHandler } from '@cms-json/fetch';
import { conformanceWorker } from './remote-fixture.js';

export default conformanceWorker(createFetchHandler);
`;

/** A project serving the fixture. */
export interface RemoteConformanceProject {
  /** The project's folder (outside the workspace). */
  dir: string;
  /** The absolute path of its worker module, for `startRuntimeServer({ entry })`. */
  entry: string;
}

/** The version range of `zod` this package uses: the one the project installs. */
function zodRange(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  if (typeof manifest === 'object' && manifest !== null && 'dependencies' in manifest) {
    const dependencies = manifest.dependencies;
    if (
      typeof dependencies === 'object' &&
      dependencies !== null &&
      'zod' in dependencies &&
      typeof dependencies.zod === 'string'
    ) {
      return dependencies.zod;
    }
  }
  throw new Error('packages/adapter-conformance/package.json names no zod version.');
}

/**
 * Packs (or takes from `CMS_PACKED_DIR`) the tarballs, installs them in a scratch project and
 * copies the worker module in. Slow the first time (a build of each package); cached after.
 *
 * @example
 * ```ts
 * const { entry } = await remoteConformanceProject();
 * const server = await startRuntimeServer({ runtime: 'deno', entry });
 * ```
 */
export async function remoteConformanceProject(): Promise<RemoteConformanceProject> {
  const tarballs = await packedTarballs({ packages: REMOTE_PACKAGES });
  const dir = await scratchProject({ tarballs, dependencies: [`zod@${zodRange()}`] });
  const sources = join(dir, 'conformance');
  mkdirSync(sources, { recursive: true });
  for (const file of SOURCES) copyFileSync(fileURLToPath(new URL(`./${file}`, import.meta.url)), join(sources, file));
  writeFileSync(join(sources, 'worker.ts'), WORKER);
  return { dir, entry: join(sources, 'worker.ts') };
}
