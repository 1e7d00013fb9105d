import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AreaSite, areaSite, TEST_ASSETS } from '../../test/area-site.js';
import { contentVersion, servedAssets } from './asset-pages.js';

let site: AreaSite;
beforeAll(async () => {
  site = await areaSite();
});
afterAll(async () => {
  await site.close();
});

describe("the editor bundle's files under <area>assets/", () => {
  it('serves each file with its type and a year of caching, to anyone', async () => {
    const script = await site.page('assets/editor.js');
    expect(script.status).toBe(200);
    expect(script.header('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(script.header('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(script.text).toBe(TEST_ASSETS.files.get('editor.js')?.body);
    const style = await site.page('assets/editor.css');
    expect(style.header('Content-Type')).toBe('text/css; charset=utf-8');
  });

  it('answers 404 for a name the bundle does not have', async () => {
    expect((await site.page('assets/nope.js')).status).toBe(404);
    // An encoded slash makes a deeper path: no page of the area answers it.
    expect(await site.server.handle({ method: 'GET', url: '/cms-admin/assets/..%2F..%2Fpackage.json', headers: {} })).toBeNull();
  });

  it('versions a file by its content', () => {
    const served = servedAssets({
      files: new Map([['a.js', { body: new TextEncoder().encode('one'), type: 'text/javascript' }]]),
    });
    expect(served.version('a.js')).toBe(contentVersion('one'));
    expect(contentVersion('one')).not.toBe(contentVersion('two'));
    expect(served.file('a.js')?.body).toBe('one');
  });
});
