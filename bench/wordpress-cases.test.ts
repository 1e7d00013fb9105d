import { describe, expect, it } from 'vitest';
import { answerShape, shapeDifferences, WORDPRESS_CASES } from './wordpress-cases.js';

describe('answerShape', () => {
  it('takes the ids of a list in order, and whether every post is embedded', () => {
    const body = JSON.stringify([
      { id: 3, _embedded: { author: [] } },
      { id: 1, _embedded: {} },
    ]);
    expect(answerShape(200, body)).toEqual({ status: 200, ids: [3, 1], embedded: true, bytes: Buffer.byteLength(body) });
  });

  it('takes the id of one post', () => {
    expect(answerShape(200, '{"id":1,"title":{"rendered":"é"}}')).toMatchObject({ ids: [1], embedded: false, bytes: 34 });
  });

  it('gives no ids for an error or a body that is not JSON', () => {
    expect(answerShape(404, '{"code":"rest_post_invalid_id"}').ids).toEqual([]);
    expect(answerShape(502, '<html>Bad gateway</html>')).toEqual({ status: 502, ids: [], embedded: false, bytes: 24 });
  });
});

describe('shapeDifferences', () => {
  const wordpress = { status: 200, ids: [28, 27], embedded: true, bytes: 100 };

  it('finds none when status, ids and embedding agree, whatever the size', () => {
    expect(shapeDifferences(wordpress, { ...wordpress, bytes: 90 })).toEqual([]);
  });

  it('names each difference', () => {
    expect(shapeDifferences(wordpress, { status: 500, ids: [27], embedded: false, bytes: 10 })).toEqual([
      'status 500, WordPress 200',
      'posts [27], WordPress [28, 27]',
      '_embedded missing, WordPress present',
    ]);
  });
});

describe('WORDPRESS_CASES', () => {
  it('measures the posts list, the list with _embed and one post, under /wp/v2', () => {
    expect(WORDPRESS_CASES.map((c) => c.path)).toEqual(['/wp/v2/posts', '/wp/v2/posts?_embed', '/wp/v2/posts/1']);
  });
});
