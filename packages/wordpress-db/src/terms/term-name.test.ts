import { describe, expect, it } from 'vitest';
import { termName } from './term-name.js';

describe("a term's name as WordPress stores it", () => {
  it('stores names with tags removed, white space made single, & < > as entities (an entity kept)', () => {
    expect(termName('  Salt &  <b>Pepper</b>\n')).toBe('Salt &amp; Pepper');
    expect(termName('Fish &amp; Chips')).toBe('Fish &amp; Chips');
    expect(termName('1 < 2')).toBe('1 &lt; 2');
    expect(termName(' <i></i> ')).toBe('');
  });
});
