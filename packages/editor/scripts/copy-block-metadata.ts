/**
 * Copies `@wordpress/block-library`'s `block.json` files (and its name and version) into the
 * published package, as `dist/block-library/package.json` and
 * `dist/block-library/src/<block>/block.json`: the server side reads the core blocks'
 * metadata from them (`src/blocks/metadata.ts`), and the published package does not install
 * `@wordpress/block-library` (the browser bundle carries its code).
 *
 *   tsx scripts/copy-block-metadata.ts [outDir]    (default: dist/block-library; `prepack` runs it)
 */
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Copies the metadata into `outDir`; answers the number of blocks copied. */
export async function copyBlockMetadata(options: { outDir: string }): Promise<number> {
  const manifest = createRequire(join(packageDir, 'package.json')).resolve('@wordpress/block-library/package.json');
  const sources = join(dirname(manifest), 'src');
  const { name, version, license } = JSON.parse(await readFile(manifest, 'utf8')) as Record<string, string>;
  await rm(options.outDir, { recursive: true, force: true });
  await mkdir(join(options.outDir, 'src'), { recursive: true });
  await writeFile(join(options.outDir, 'package.json'), `${JSON.stringify({ name, version, license }, null, 2)}\n`);
  let copied = 0;
  for (const entry of await readdir(sources, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = join(sources, entry.name, 'block.json');
    const target = join(options.outDir, 'src', entry.name);
    try {
      await mkdir(target, { recursive: true });
      await copyFile(file, join(target, 'block.json'));
      copied++;
    } catch (error) {
      // A directory without block.json (shared code, not a block): nothing to copy.
      await rm(target, { recursive: true, force: true });
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return copied;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? join(packageDir, 'dist/block-library'));
  console.log(`copy-block-metadata: ${await copyBlockMetadata({ outDir })} blocks into ${outDir}`);
}
