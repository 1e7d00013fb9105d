import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import recorded from './fixtures/block-types.edit.json' with { type: 'json' };
import { type BlockSite, blockSite } from './testing.js';

/** The original's answer with its site's address replaced by the test site's. */
const ORIGINAL = JSON.parse(
  JSON.stringify(recorded).replaceAll('http://127.0.0.1:8081/wp-json', 'http://site.test/wp-json'),
) as Array<Record<string, unknown> & { name: string }>;
/** Registered by WordPress from @wordpress/widgets' metadata, which this package does not install. */
const NOT_SERVED = ['core/legacy-widget', 'core/widget-group'];

/**
 * The original's answer as a site without a theme gives it: the original's template-part
 * variations include one per template part of its block theme (twentytwentythree); a
 * cms-json site has no theme, so only the area variations remain.
 */
function withoutTheme(type: Record<string, unknown> & { name: string }): Record<string, unknown> & { name: string } {
  if (type.name !== 'core/template-part') return type;
  const variations = type.variations as Array<{ attributes: Record<string, unknown> }>;
  return { ...type, variations: variations.filter((variation) => variation.attributes.theme === undefined) };
}

describe('block types in the wp profile', () => {
  let site: BlockSite;
  beforeAll(async () => {
    site = await blockSite({ prefix: 'wp' });
  });
  afterAll(async () => {
    await site.close();
  });

  it('lists every core block type WordPress 6.1 lists, in its order, field by field as the original answers', async () => {
    const res = await site.client.get('/wp/v2/block-types?context=edit', { headers: site.people.administrator.headers });
    expect(res.status).toBe(200);
    const served = res.body as Array<Record<string, unknown> & { name: string }>;
    const expected = ORIGINAL.filter((type) => !NOT_SERVED.includes(type.name)).map(withoutTheme);
    expect(served.map((type) => type.name)).toEqual(expected.map((type) => type.name));
    const differing = served.filter((type, index) => JSON.stringify(type) !== JSON.stringify(expected[index]));
    for (const type of differing) expect(type).toEqual(expected.find((other) => other.name === type.name));
    expect(differing.map((type) => type.name)).toEqual([]);
  });

  it('lists the types of a namespace, by path or by the namespace argument', async () => {
    const headers = site.people.editor.headers;
    const byPath = await site.client.get('/wp/v2/block-types/core', { headers });
    expect(byPath.status).toBe(200);
    expect((byPath.body as unknown[]).length).toBe(88);
    const byArg = await site.client.get('/wp/v2/block-types?namespace=core', { headers });
    expect(byArg.body).toEqual(byPath.body);
    const none = await site.client.get('/wp/v2/block-types/acme', { headers });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it('reads one type with its links, and answers 404 rest_block_type_invalid for an unknown one', async () => {
    const res = await site.client.get('/wp/v2/block-types/core/latest-posts', { headers: site.people.author.headers });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(ORIGINAL.find((type) => type.name === 'core/latest-posts'));
    const missing = await site.client.get('/wp/v2/block-types/core/nope', { headers: site.people.author.headers });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'rest_block_type_invalid', message: 'Invalid block type.', data: { status: 404 } });
  });

  it('refuses the anonymous (401) and subscribers (403) with rest_block_type_cannot_view, before looking the type up', async () => {
    const refusal = (status: number) => ({
      code: 'rest_block_type_cannot_view',
      message: 'Sorry, you are not allowed to manage block types.',
      data: { status },
    });
    for (const path of ['/wp/v2/block-types', '/wp/v2/block-types/core', '/wp/v2/block-types/core/nope']) {
      const anonymous = await site.client.get(path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual(refusal(401));
      const subscriber = await site.client.get(path, { headers: site.people.subscriber.headers });
      expect(subscriber.status).toBe(403);
      expect(subscriber.body).toEqual(refusal(403));
    }
    const contributor = await site.client.get('/wp/v2/block-types/core/paragraph', { headers: site.people.contributor.headers });
    expect(contributor.status).toBe(200);
  });

  it('refuses a context that is not view, embed or edit', async () => {
    const res = await site.client.get('/wp/v2/block-types?context=bogus', { headers: site.people.administrator.headers });
    expect(res.status).toBe(400);
    expect((res.body as { data: { params: unknown } }).data.params).toEqual({
      context: 'context is not one of view, embed, and edit.',
    });
  });
});

describe('block types in the cms profile', () => {
  let site: BlockSite;
  beforeAll(async () => {
    site = await blockSite({ prefix: 'cms' });
  });
  afterAll(async () => {
    await site.close();
  });

  it('serves the same types under cms/v2, with the cms:render-block link', async () => {
    const res = await site.client.get('/cms/v2/block-types/core/archives', { headers: site.people.editor.headers });
    expect(res.status).toBe(200);
    const links = (res.body as { _links: Record<string, Array<{ href: string }>> })._links;
    expect(links.self?.[0]?.href).toBe('http://site.test/cms-json/cms/v2/block-types/core/archives');
    expect(links['cms:render-block']?.[0]?.href).toBe(
      'http://site.test/cms-json/cms/v2/block-renderer/core/archives?context=edit',
    );
  });
});
