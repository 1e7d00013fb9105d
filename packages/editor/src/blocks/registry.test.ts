import { escapeHtml } from '@cms-json/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import recorded from './fixtures/server-block-settings.json' with { type: 'json' };
import { blockCategories, blockTypes, serverBlockDefinitions } from './index.js';
import { type BlockSite, blockSite } from './testing.js';

describe('the block types of a server', () => {
  let site: BlockSite;
  beforeAll(async () => {
    site = await blockSite({ prefix: 'wp' });
    blockTypes(site.server).register(
      { name: 'acme/notice', title: 'Notice', category: 'text', attributes: { text: { type: 'string', default: 'Hi' } } },
      { render: ({ attributes }) => `<p class="wp-block-acme-notice">${escapeHtml(String(attributes.text))}</p>` },
    );
  });
  afterAll(async () => {
    await site.close();
  });

  it("describes the core blocks to the editor's page as the original's get_block_editor_server_block_settings does", () => {
    const definitions = serverBlockDefinitions(site.server);
    const expected = recorded.serverBlockDefinitions as Record<string, Record<string, unknown>>;
    for (const [name, definition] of Object.entries(definitions)) {
      if (name.startsWith('acme/')) continue;
      const original = expected[name];
      if (name === 'core/template-part' && original !== undefined) {
        // The original's theme adds a variation per template part; a cms-json site has no theme.
        const variations = original.variations as Array<{ attributes: Record<string, unknown> }>;
        expect(definition).toEqual({
          ...original,
          variations: variations.filter((variation) => variation.attributes.theme === undefined),
        });
        continue;
      }
      expect(definition).toEqual(original);
    }
    expect(Object.keys(definitions).filter((name) => name.startsWith('core/'))).toEqual(
      Object.keys(expected).filter((name) => !['core/legacy-widget', 'core/widget-group'].includes(name)),
    );
  });

  it("gives WordPress 6.1's default block categories", () => {
    expect(blockCategories()).toEqual(recorded.blockCategories);
  });

  it('serves a type the site registers, rendered by its own renderer', async () => {
    const type = await site.client.get('/wp/v2/block-types/acme/notice', { headers: site.people.editor.headers });
    expect(type.status).toBe(200);
    expect(type.body).toMatchObject({
      name: 'acme/notice',
      is_dynamic: true,
      api_version: 1,
      attributes: { text: { type: 'string', default: 'Hi' }, lock: { type: 'object' }, className: { type: 'string' } },
      style_handles: [],
    });
    const rendered = await site.client.post('/wp/v2/block-renderer/acme/notice?context=edit', {
      headers: site.people.editor.headers,
      body: { attributes: { text: 'Tom & Jerry' } },
    });
    expect(rendered.body).toEqual({ rendered: '<p class="wp-block-acme-notice">Tom &amp; Jerry</p>' });
    const defaulted = await site.client.get('/wp/v2/block-renderer/acme/notice?context=edit', {
      headers: site.people.editor.headers,
    });
    expect(defaulted.body).toEqual({ rendered: '<p class="wp-block-acme-notice">Hi</p>' });
    expect(serverBlockDefinitions(site.server)['acme/notice']).toMatchObject({ title: 'Notice', category: 'text' });
  });

  it('refuses a block name that is not namespace/name', () => {
    expect(() => blockTypes(site.server).register({ name: 'Notice' })).toThrow(/namespace\/name/);
  });
});
