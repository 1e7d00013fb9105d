import { describe, expect, it } from 'vitest';
import { termName, termSlug } from './term-slug.js';

describe("a term's slug and name as WordPress stores them", () => {
  it('makes slugs as sanitize_title: accents gone, lowercase, dots and spaces to dashes, other marks dropped', () => {
    expect(termSlug('Crème Brûlée')).toBe('creme-brulee');
    expect(termSlug('A.B  c--d!')).toBe('a-b-c-d');
    expect(termSlug('Straße & Øl')).toBe('strase-ol');
    expect(termSlug('<b>&amp;</b>')).toBe('');
    expect(termSlug('x'.repeat(300))).toHaveLength(200);
  });

  it('stores names with tags removed, white space made single, & < > as entities (an entity kept)', () => {
    expect(termName('  Salt &  <b>Pepper</b>\n')).toBe('Salt &amp; Pepper');
    expect(termName('Fish &amp; Chips')).toBe('Fish &amp; Chips');
    expect(termName('1 < 2')).toBe('1 &lt; 2');
    expect(termName(' <i></i> ')).toBe('');
  });
});
