import { describe, expect, it } from 'vitest';
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
    'reads the files once: a second call gives the same assets',
    async () => {
      expect(await editorAssets()).toBe(await editorAssets());
    },
    buildTimeout,
  );
});
