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
});
