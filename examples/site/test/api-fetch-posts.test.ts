/**
 * `@wordpress/api-fetch`, the block editor's client, against the site in the `wp` profile:
 * posts read, written and deleted as the editor does, and its fetch-all (`per_page=-1`),
 * which follows the `Link` headers page by page.
 */
import apiFetch from '@wordpress/api-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiFetchSite } from './api-fetch-site.js';
import type { RunningSite } from './start-site.js';

let running: RunningSite;
beforeAll(async () => {
  running = await startApiFetchSite();
});
afterAll(async () => {
  await running?.stop();
});

interface Post {
  id: number;
  status: string;
  title: { raw?: string; rendered: string };
  categories: number[];
}

describe('@wordpress/api-fetch against the WordPress profile', () => {
  it('creates, edits, lists and deletes posts as the block editor does', async () => {
    const category = await apiFetch<{ id: number }>({ path: '/wp/v2/categories', method: 'POST', data: { name: 'Api fetch' } });
    const draft = await apiFetch<Post>({
      path: '/wp/v2/posts',
      method: 'POST',
      data: {
        title: 'From the editor',
        content: '<!-- wp:paragraph --><p>Hi</p><!-- /wp:paragraph -->',
        categories: [category.id],
      },
    });
    expect(draft).toMatchObject({ status: 'draft', title: { raw: 'From the editor' }, categories: [category.id] });

    const edited = await apiFetch<Post>({
      path: `/wp/v2/posts/${draft.id}?context=edit`,
      method: 'PUT',
      data: { status: 'publish' },
    });
    expect(edited.status).toBe('publish');

    // The response itself, to read the totals the editor reads.
    const raw = await apiFetch<Post[], false>({ path: `/wp/v2/posts?categories=${category.id}`, parse: false });
    expect(raw.headers.get('x-wp-total')).toBe('1');
    expect(((await raw.json()) as Post[]).map((post) => post.id)).toEqual([draft.id]);

    const gone = await apiFetch<{ deleted: boolean; previous: Post }>({
      path: `/wp/v2/posts/${draft.id}?force=true`,
      method: 'DELETE',
    });
    expect(gone).toMatchObject({ deleted: true, previous: { id: draft.id } });
    await expect(apiFetch({ path: `/wp/v2/posts/${draft.id}` })).rejects.toMatchObject({ code: 'rest_post_invalid_id' });
  });

  it('fetches every post of a category with per_page=-1, across pages of 100', async () => {
    const category = await apiFetch<{ id: number }>({ path: '/wp/v2/categories', method: 'POST', data: { name: 'Many' } });
    const made: number[] = [];
    for (let i = 0; i < 105; i++) {
      const post = await apiFetch<Post>({
        path: '/wp/v2/posts',
        method: 'POST',
        data: {
          title: `Many ${i}`,
          status: 'publish',
          categories: [category.id],
          date: new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString().slice(0, 19),
        },
      });
      made.push(post.id);
    }
    const all = await apiFetch<Post[]>({ path: `/wp/v2/posts?categories=${category.id}&per_page=-1&_fields=id` });
    expect(all.map((post) => post.id)).toEqual([...made].reverse());
  });
});
