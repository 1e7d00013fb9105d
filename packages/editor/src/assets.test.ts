import { mkdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { bundledPackages } from '../scripts/build-client.ts';
import { builtDirectory, editorAssets } from './assets.ts';

const text = (body: Uint8Array): string => new TextDecoder().decode(body);

// The first call builds the bundle when the cache has none for this lock file (some 20 s on
// a free core; more on a loaded machine).
const buildTimeout = 240_000;

describe('editorAssets', () => {
  it(
    'gives editor.js, editor.css, their maps, the legal notices and the default editor styles, with their types',
    async () => {
      const assets = await editorAssets();
      expect([...assets.files.keys()].sort()).toEqual([
        'default-editor-styles.css',
        'editor.css',
        'editor.css.map',
        'editor.js',
        'editor.js.LEGAL.txt',
        'editor.js.map',
      ]);
      expect(assets.files.get('editor.js')?.type).toBe('text/javascript; charset=utf-8');
      expect(assets.files.get('editor.css')?.type).toBe('text/css; charset=utf-8');
      expect(assets.files.get('editor.js.map')?.type).toBe('application/json; charset=utf-8');
      expect(assets.files.get('editor.js.LEGAL.txt')?.type).toBe('text/plain; charset=utf-8');
      expect(assets.version).toMatch(/^[0-9a-f]{12}$/);
    },
    buildTimeout,
  );

  it(
    'bundles a script that defines window.cmsJsonEditor and window.wp, under the GPL banner, for production',
    async () => {
      const js = text((await editorAssets()).files.get('editor.js')?.body ?? new Uint8Array());
      expect(js.startsWith('/*!\n * @cms-json/editor')).toBe(true);
      expect(js).toContain('GPL-2.0-or-later');
      expect(js).toMatch(/\.cmsJsonEditor\s*=\s*\{\s*start/);
      expect(js).toContain('//# sourceMappingURL=editor.js.map');
      // React's production build: its development warnings are not in the bundle.
      expect(js).not.toContain('Warning: Each child in a list should have a unique "key" prop.');
      // The editor's own markup: the post editor's layout.
      expect(js).toContain('edit-post-layout');
    },
    buildTimeout,
  );

  it(
    'bundles the packages’ stylesheets in WordPress’s order, and the default editor styles apart',
    async () => {
      const assets = await editorAssets();
      const css = text(assets.files.get('editor.css')?.body ?? new Uint8Array());
      const components = css.indexOf('.components-button');
      const layout = css.indexOf('.edit-post-layout');
      expect(components).toBeGreaterThan(0);
      expect(layout).toBeGreaterThan(components);
      expect(css).toContain('.wp-block-quote');
      expect(css).toContain('/*# sourceMappingURL=editor.css.map */');
      expect(assets.defaultEditorStyles).toContain('body');
      expect(assets.defaultEditorStyles).toContain('font-family');
    },
    buildTimeout,
  );

  it(
    'holds one copy of each @wordpress package, of React and of ReactDOM',
    async () => {
      const packages = await bundledPackages(await builtDirectory());
      const wordpress = [...packages.keys()].filter((name) => name.startsWith('@wordpress/'));
      expect(wordpress).toEqual(expect.arrayContaining(['@wordpress/data', '@wordpress/edit-post', '@wordpress/api-fetch']));
      for (const name of [...wordpress, 'react', 'react-dom']) {
        expect([name, packages.get(name)?.size]).toEqual([name, 1]);
      }
    },
    buildTimeout,
  );

  it(
    'keeps the block editor’s hooks, which its package declares as side effects in brace globs',
    async () => {
      const js = text((await editorAssets()).files.get('editor.js')?.body ?? new Uint8Array());
      // The class names, anchors, alignments and custom class names of saved blocks: without them
      // a saved block fails validation when the post is opened again.
      for (const hook of [
        'core/generated-class-name/save-props',
        'core/anchor/save-props',
        'core/align/addAssignedAlign',
        'core/custom-class-name/save-props',
        'core/editor/custom-sources-backwards-compatibility/shim-attribute-source',
      ]) {
        expect([hook, js.includes(`"${hook}"`)]).toEqual([hook, true]);
      }
    },
    buildTimeout,
  );

  it(
    'removes edit-post’s media library filter (wp.media, not served) before the editor starts',
    async () => {
      const js = text((await editorAssets()).files.get('editor.js')?.body ?? new Uint8Array());
      // Added by edit-post with its callback, removed by the boot function with none.
      expect(js).toMatch(/\("editor\.MediaUpload","core\/edit-post\/replace-media-upload",/);
      expect(js).toMatch(/\("editor\.MediaUpload","core\/edit-post\/replace-media-upload"\)/);
    },
    buildTimeout,
  );

  it(
    'is not disturbed by a directory in client/ (tsc -b writes client/.tsbuild/): same build, same files',
    async () => {
      const before = await builtDirectory();
      const client = resolve(dirname(fileURLToPath(import.meta.url)), '../client');
      // Named like a source file, to be sure directories are never read as one.
      const directory = join(client, `.assets-test-${process.pid}.ts`);
      await mkdir(join(directory, 'nested'), { recursive: true });
      try {
        expect(await builtDirectory()).toBe(before);
        // A fresh module, so the files are read again rather than remembered.
        vi.resetModules();
        const fresh = (await import('./assets.ts')) as typeof import('./assets.ts');
        const assets = await fresh.editorAssets();
        expect(assets.files.get('editor.js')?.body.byteLength).toBeGreaterThan(0);
        expect(assets.version).toBe((await editorAssets()).version);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
    buildTimeout,
  );

  it(
    'reads the files once: a second call gives the same assets',
    async () => {
      expect(await editorAssets()).toBe(await editorAssets());
    },
    buildTimeout,
  );
});
