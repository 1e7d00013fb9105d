import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlockSite, blockSite } from '../testing.js';
import corePatterns from './core-patterns.json' with { type: 'json' };
import patternCategories from './pattern-categories.json' with { type: 'json' };

describe('block patterns in the wp profile', () => {
  let site: BlockSite;
  beforeAll(async () => {
    site = await blockSite({ prefix: 'wp' });
  });
  afterAll(async () => {
    await site.close();
  });

  it("serves WordPress 6.1's core patterns, as the original with the pattern directory out of reach", async () => {
    const res = await site.client.get('/wp/v2/block-patterns/patterns', { headers: site.people.contributor.headers });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(corePatterns);
    expect((res.body as Array<{ name: string }>).map((pattern) => pattern.name)).toEqual([
      'core/query-standard-posts',
      'core/query-medium-posts',
      'core/query-small-posts',
      'core/query-grid-posts',
      'core/query-large-title-posts',
      'core/query-offset-posts',
      'core/social-links-shared-background-color',
    ]);
  });

  it('serves the pattern categories in the original order', async () => {
    const res = await site.client.get('/wp/v2/block-patterns/categories', { headers: site.people.author.headers });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(patternCategories);
    expect((res.body as Array<{ name: string }>).map((category) => category.name)).toEqual([
      'buttons',
      'columns',
      'featured',
      'footer',
      'gallery',
      'header',
      'text',
      'query',
    ]);
  });

  it('refuses the anonymous (401) and subscribers (403) with rest_cannot_view', async () => {
    const patterns = 'Sorry, you are not allowed to view the registered block patterns.';
    const categories = 'Sorry, you are not allowed to view the registered block pattern categories.';
    for (const [path, message] of [
      ['/wp/v2/block-patterns/patterns', patterns],
      ['/wp/v2/block-patterns/categories', categories],
    ] as const) {
      const anonymous = await site.client.get(path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ code: 'rest_cannot_view', message, data: { status: 401 } });
      const subscriber = await site.client.get(path, { headers: site.people.subscriber.headers });
      expect(subscriber.status).toBe(403);
      expect(subscriber.body).toEqual({ code: 'rest_cannot_view', message, data: { status: 403 } });
    }
  });
});
