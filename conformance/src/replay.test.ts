import { describe, expect, it } from 'vitest';
import type { AcceptedDifference } from './accepted.js';
import type { Difference } from './compare.js';
import type { Fixture } from './fixture.js';
import { explainDifferences } from './replay.js';

const fixture: Fixture = {
  request: { name: 'one', method: 'GET', path: '/wp/v2/posts/1' },
  answer: { status: 200, headers: {}, body: { id: 1, title: 'a', slug: 'a' } },
};
const titleAccepted: AcceptedDifference = { request: 'posts/one', at: 'body.title', reason: 'a documented decision' };
const acceptTitle = (request: string, difference: Difference) =>
  request === 'posts/one' && difference.at === 'body.title' ? titleAccepted : undefined;

describe("sorting an answer's differences from the original's", () => {
  it('finds none in the same answer', () => {
    expect(explainDifferences(fixture, fixture.answer, 'posts/one', acceptTitle)).toEqual({
      differences: [],
      unexplained: [],
      accepted: [],
    });
  });

  it('keeps a difference the list explains apart from one it does not, in words', () => {
    const outcome = explainDifferences(
      fixture,
      { status: 200, headers: {}, body: { id: 1, title: 'b', slug: 'b' } },
      'posts/one',
      acceptTitle,
    );
    expect(outcome.differences).toHaveLength(2);
    expect(outcome.accepted).toEqual([titleAccepted]);
    expect(outcome.unexplained).toEqual(['body.slug: "b", the original has "a"']);
  });

  it('names the request as the list knows it: another request is not explained', () => {
    const outcome = explainDifferences(
      fixture,
      { status: 200, headers: {}, body: { id: 1, title: 'b', slug: 'a' } },
      'posts/two',
      acceptTitle,
    );
    expect(outcome.accepted).toEqual([]);
    expect(outcome.unexplained).toEqual(['body.title: "b", the original has "a"']);
  });
});
