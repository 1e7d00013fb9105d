import { describe, expect, it } from 'vitest';
import { jsonData, scriptSafeJson } from './html.js';

describe('data handed to a page script', () => {
  it('cannot end its script element or open a comment, whatever the strings hold', () => {
    const value = { title: '</script><script>alert(1)</script>', note: '<!-- x -->', amp: 'a & b', separators: '\u2028\u2029' };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
    const element = jsonData('config', value);
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(element.startsWith('<script type="application/json" id="config">')).toBe(true);
  });

  it('escapes the element id', () => {
    expect(jsonData('a"b', 1)).toContain('id="a&quot;b"');
  });
});
