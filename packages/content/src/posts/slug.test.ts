import { describe, expect, it } from 'vitest';
import { SLUG_MAX, sanitizeTitle, uniqueSlug } from './slug.js';

describe('slugs', () => {
  it('derives slugs as sanitize_title does: accents, case, punctuation, spaces', () => {
    expect(sanitizeTitle('Crème Brûlée: a recipe!')).toBe('creme-brulee-a-recipe');
    expect(sanitizeTitle('  Hello   World -- again  ')).toBe('hello-world-again');
    expect(sanitizeTitle('<b>Bold</b> &amp; brave')).toBe('bold-brave');
    // As the original 6.1 answers (its default locale's table: ß is s, ł is l, þ is th, € is E).
    expect(sanitizeTitle('Straße Stanisław þorn Œuvre €5')).toBe('strase-stanislaw-thorn-oeuvre-e5');
    expect(sanitizeTitle('A.B  c--d!')).toBe('a-b-c-d');
    expect(sanitizeTitle('<b>&amp;</b>')).toBe('');
    expect(sanitizeTitle('!!!')).toBe('');
  });

  it('cuts a 10,000-character title to the column', () => {
    expect(sanitizeTitle('a'.repeat(10_000))).toHaveLength(SLUG_MAX);
  });

  it('makes a slug unique with -2, -3 and keeps it within the column', () => {
    expect(uniqueSlug('hello', new Set())).toBe('hello');
    expect(uniqueSlug('hello', new Set(['hello', 'hello-2']))).toBe('hello-3');
    const long = 'a'.repeat(SLUG_MAX);
    expect(uniqueSlug(long, new Set([long]))).toBe(`${'a'.repeat(SLUG_MAX - 2)}-2`);
  });
});
