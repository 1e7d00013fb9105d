import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { expandBraces, hasDeclaredSideEffects, wordPressSideEffects } from './declared-side-effects.ts';

const require = createRequire(import.meta.url);
/** The directory of an installed `@wordpress/*` package, as the build resolves it. */
const packageDir = (name: string): string => dirname(require.resolve(`${name}/package.json`));

describe('expandBraces', () => {
  it('expands every alternative of every brace, as webpack reads the sideEffects globs', () => {
    expect(expandBraces('{src,build,build-module}/{index.js,store/index.js,hooks/**}')).toEqual([
      'src/index.js',
      'src/store/index.js',
      'src/hooks/**',
      'build/index.js',
      'build/store/index.js',
      'build/hooks/**',
      'build-module/index.js',
      'build-module/store/index.js',
      'build-module/hooks/**',
    ]);
  });

  it('expands nested braces, and leaves a glob without braces or with an unclosed one as it is', () => {
    expect(expandBraces('a/{b,c{d,e}}.js')).toEqual(['a/b.js', 'a/cd.js', 'a/ce.js']);
    expect(expandBraces('build-style/**')).toEqual(['build-style/**']);
    expect(expandBraces('src/{index.js')).toEqual(['src/{index.js']);
  });
});

describe('hasDeclaredSideEffects', () => {
  it('finds the block editor’s hooks and store among the files its brace globs declare, and not its components', async () => {
    const dir = packageDir('@wordpress/block-editor');
    expect(await hasDeclaredSideEffects(join(dir, 'build-module/hooks/generated-class-name.js'))).toBe(true);
    expect(await hasDeclaredSideEffects(join(dir, 'build-module/hooks/index.js'))).toBe(true);
    expect(await hasDeclaredSideEffects(join(dir, 'build-module/store/index.js'))).toBe(true);
    expect(await hasDeclaredSideEffects(join(dir, 'build-module/index.js'))).toBe(true);
    expect(await hasDeclaredSideEffects(join(dir, 'build-style/style.css'))).toBe(true);
    expect(await hasDeclaredSideEffects(join(dir, 'build-module/components/block-list/index.js'))).toBe(false);
    expect(await hasDeclaredSideEffects(join(dir, 'build-module/store/selectors.js'))).toBe(false);
  });

  it('follows a package’s false and a package without the field, and knows nothing of other packages', async () => {
    expect(await hasDeclaredSideEffects(join(packageDir('@wordpress/data'), 'build-module/index.js'))).toBe(false);
    expect(await hasDeclaredSideEffects(join(packageDir('@wordpress/edit-post'), 'build-module/hooks/components/index.js'))).toBe(
      true,
    );
    expect(await hasDeclaredSideEffects(join(dirname(require.resolve('react/package.json')), 'index.js'))).toBeUndefined();
  });
});

describe('wordPressSideEffects', () => {
  it('keeps a hook module that a package declares in a brace glob, which esbuild alone drops', async () => {
    const root = await mkdtemp(join(tmpdir(), 'cms-json-side-effects-'));
    try {
      const fake = join(root, 'node_modules/@wordpress/fake');
      await mkdir(join(fake, 'build-module/hooks'), { recursive: true });
      await writeFile(
        join(fake, 'package.json'),
        JSON.stringify({
          name: '@wordpress/fake',
          module: 'build-module/index.js',
          sideEffects: ['{src,build-module}/{index.js,hooks/**}'],
        }),
      );
      await writeFile(join(fake, 'build-module/index.js'), "import './hooks/index.js';\nexport const used = 'used-export';\n");
      await writeFile(join(fake, 'build-module/hooks/index.js'), "import './class-name.js';\n");
      await writeFile(join(fake, 'build-module/hooks/class-name.js'), "globalThis.hook = 'core/fake/save-props';\n");
      await writeFile(join(root, 'entry.js'), "import { used } from '@wordpress/fake';\nconsole.log(used);\n");
      const bundle = async (plugins: ReturnType<typeof wordPressSideEffects>[]): Promise<string> => {
        const result = await build({
          absWorkingDir: root,
          entryPoints: [join(root, 'entry.js')],
          bundle: true,
          write: false,
          format: 'iife',
          logLevel: 'silent',
          plugins,
        });
        return result.outputFiles[0]?.text ?? '';
      };
      const alone = await bundle([]);
      expect(alone).toContain('used-export');
      expect(alone).not.toContain('core/fake/save-props');
      expect(await bundle([wordPressSideEffects()])).toContain('core/fake/save-props');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
