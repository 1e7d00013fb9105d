import { postTypeDefaults, postTypes } from '@cms-json/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AreaSite, areaSite } from '../../test/area-site.js';
import { areaPostTypes, editableByDefault } from './area-context.js';

let site: AreaSite;
beforeAll(async () => {
  site = await areaSite();
  const registry = postTypes(site.server);
  registry.register('recipe', {
    label: 'Recipes',
    labels: { name: 'Recipes', singular_name: 'Recipe' },
    showInRest: true,
    restBase: 'recipes',
    supports: ['title', 'editor'],
  });
  registry.register('log', { label: 'Logs', showInRest: true, restBase: 'logs', supports: ['title'] });
  registry.register('secret', { label: 'Secrets', showInRest: false, supports: ['title', 'editor'] });
});
afterAll(async () => {
  await site.close();
});

describe('the post types of the area', () => {
  it('are by default those with REST routes and the editor feature, as WordPress uses the block editor', () => {
    expect(editableByDefault({ ...postTypeDefaults('x'), showInRest: true })).toBe(true);
    expect(editableByDefault({ ...postTypeDefaults('x'), showInRest: false })).toBe(false);
    expect(editableByDefault({ ...postTypeDefaults('x'), showInRest: true, supports: ['title'] })).toBe(false);
    const names = areaPostTypes(site.server, { namespace: 'cms/v2' }).map((type) => type.name);
    expect(names).toContain('recipe');
    expect(names).not.toContain('log');
    expect(names).not.toContain('secret');
    expect(names).not.toContain('attachment');
  });

  it('name their collection and labels', () => {
    const recipe = areaPostTypes(site.server, { namespace: 'cms/v2', only: ['recipe'] });
    expect(recipe).toMatchObject([
      { name: 'recipe', collectionPath: '/cms/v2/recipes', label: 'Recipes', singularLabel: 'Recipe' },
    ]);
  });

  it('are the named ones when named, still only those with REST routes', () => {
    const names = areaPostTypes(site.server, { namespace: 'cms/v2', only: ['page', 'log', 'secret'] }).map((type) => type.name);
    expect(names).toEqual(['page', 'log']);
  });

  it('open in the area once registered, even after the plugin ran', async () => {
    const editor = await site.signIn(site.people.editor);
    const list = await site.page('?post_type=recipe', editor);
    expect(list.status).toBe(200);
    expect(list.text).toContain('<h1>Recipes</h1>');
    expect((await site.page('post-new.php?post_type=recipe', editor)).status).toBe(200);
  });
});
