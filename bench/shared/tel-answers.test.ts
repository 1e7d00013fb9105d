import { describe, expect, it } from 'vitest';
import { COLLECTION_URL, itemAnswer, listAnswer, listHeaders, noRouteAnswer, paging } from './tel-answers.js';

const row = { id: 3, title: 'Link 3', slug: 'link3', link: 'https://example.com/page/3', count: 0 };

describe('tel-answers', () => {
  it('links a middle page to the pages around it instead of the API root', () => {
    const links = listHeaders(25, 2, 10).filter(([name]) => name === 'Link');
    expect(links).toEqual([
      ['Link', `<${COLLECTION_URL}?page=1>; rel="prev"`],
      ['Link', `<${COLLECTION_URL}?page=3>; rel="next"`],
    ]);
    expect(listHeaders(25, 2, 10)).toContainEqual(['X-CMS-TotalPages', '3']);
  });

  it('links a lone page to the API root only', () => {
    const links = listHeaders(5, 1, 10).filter(([name]) => name === 'Link');
    expect(links).toHaveLength(1);
    expect(links[0]?.[1]).toContain('rel="https://api.cms-json.org/"');
  });

  it('tags a list and an item with an ETag last, and answers 400 for a record it does not hold', () => {
    expect(listAnswer([row], 1, 1, 10).headers.at(-1)?.[0]).toBe('ETag');
    const item = itemAnswer(row);
    expect(JSON.parse(item.body)).toMatchObject({ id: 3, _links: { self: [{ href: `${COLLECTION_URL}/3` }] } });
    expect(itemAnswer(undefined).status).toBe(400);
    expect(noRouteAnswer().status).toBe(404);
  });

  it('reads page and per_page with cms-json’s defaults for what is out of range', () => {
    expect(paging('')).toEqual({ page: 1, perPage: 10 });
    expect(paging('page=2&per_page=5')).toEqual({ page: 2, perPage: 5 });
    expect(paging('page=0&per_page=500')).toEqual({ page: 1, perPage: 10 });
  });
});
