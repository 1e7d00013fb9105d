import { describe, expect, it } from 'vitest';
import { makeClickable } from './clickable.js';

describe('makeClickable', () => {
  it('links bare web addresses, leaving trailing punctuation out', () => {
    expect(makeClickable('See http://example.com/a?b=1. Then')).toBe(
      'See <a href="http://example.com/a?b=1" rel="nofollow">http://example.com/a?b=1</a>. Then',
    );
    expect(makeClickable('(https://example.com/x)')).toBe(
      '(<a href="https://example.com/x" rel="nofollow">https://example.com/x</a>)',
    );
    expect(makeClickable('www.example.com')).toBe('<a href="http://www.example.com" rel="nofollow">www.example.com</a>');
  });

  it('links email addresses', () => {
    expect(makeClickable('Mail jane@example.com, please')).toBe(
      'Mail <a href="mailto:jane@example.com">jane@example.com</a>, please',
    );
  });

  it('leaves addresses inside links, code and tag attributes alone', () => {
    const html = '<a href="http://example.com">http://example.com</a> <code>http://x.test</code> <img src="http://y.test">';
    expect(makeClickable(html)).toBe(html);
  });
});
