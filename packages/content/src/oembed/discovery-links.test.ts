import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { oembedDiscoveryLinks } from './discovery-links.js';

describe('oEmbed discovery links', () => {
  let site: ContentSite;
  beforeAll(async () => {
    site = await contentSite({ prefix: 'wp' });
    const date = '2029-12-01T12:00:00';
    await site.database.db
      .insertInto('posts')
      .values({
        type: 'post',
        status: 'publish',
        title: 'Hello',
        slug: 'hello-world',
        date,
        date_gmt: date,
        modified: date,
        modified_gmt: date,
      })
      .execute();
  });
  afterAll(async () => {
    await site.close();
  });

  it('writes the JSON and XML elements as WordPress, leading to the embed of the record', async () => {
    const links = oembedDiscoveryLinks({ restRootUrl: 'http://site.test/wp-json/', permalink: 'http://site.test/hello-world/' });
    expect(links).toBe(
      '<link rel="alternate" type="application/json+oembed" href="http://site.test/wp-json/oembed/1.0/embed?url=http%3A%2F%2Fsite.test%2Fhello-world%2F" />\n' +
        '<link rel="alternate" type="text/xml+oembed" href="http://site.test/wp-json/oembed/1.0/embed?url=http%3A%2F%2Fsite.test%2Fhello-world%2F&#038;format=xml" />\n',
    );
    const href = /href="([^"]+)"/.exec(links)?.[1] ?? '';
    const res = await site.client.get(href.replace('http://site.test/wp-json', ''));
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Hello');
  });
});
