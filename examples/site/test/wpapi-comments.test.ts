import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type RunningSite, startSite } from './start-site.js';

// wpapi is CommonJS without types: the real client, used as WordPress users use it.
const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: node-wpapi ships no type declarations
const WPAPI: any = require('wpapi');

let running: RunningSite;
beforeAll(async () => {
  running = await startSite({ CMS_PREFIX: 'wp', CMS_SAMPLE_LINKS: '0' });
});
afterAll(async () => {
  await running?.stop();
});

describe('the real wpapi client and comments in the WordPress profile', () => {
  it('creates comments on a post, lists the comments of a post, and embeds them as its replies', async () => {
    const wp = await WPAPI.discover(running.url);
    wp.auth({ username: 'admin', password: ADMIN_PASSWORD });
    const post = await wp.posts().create({ title: 'Talk to me', status: 'publish' });
    const first = await wp.comments().create({ post: post.id, content: 'First comment' });
    expect(first).toMatchObject({ post: post.id, status: 'approved', content: { raw: 'First comment' } });
    const reply = await wp.comments().create({ post: post.id, parent: first.id, content: 'A reply' });
    expect(reply._links['in-reply-to'][0].href).toMatch(new RegExp(`/wp-json/wp/v2/comments/${first.id}$`));

    const listed = await wp.comments().forPost(post.id).order('asc');
    expect(listed.map((c: { id: number }) => c.id)).toEqual([first.id, reply.id]);
    expect(listed._paging.total).toBe(2);
    expect(listed[0]._links.up[0]).toMatchObject({ embeddable: true, post_type: 'post' });

    const embedded = await wp.posts().id(post.id).embed();
    expect(embedded._embedded.replies[0].map((c: { id: number }) => c.id).sort()).toEqual([first.id, reply.id].sort());

    const anonymous = new WPAPI({ endpoint: `${running.url}/wp-json` });
    await expect(
      anonymous.comments().create({ post: post.id, content: 'Hi', author_name: 'A', author_email: 'a@example.com' }),
    ).rejects.toMatchObject({
      code: 'rest_comment_login_required',
      data: { status: 401 },
    });
  });
});
