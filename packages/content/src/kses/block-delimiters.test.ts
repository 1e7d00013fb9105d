import { describe, expect, it } from 'vitest';
import { replaceBlockDelimiters, serializeBlockAttributes, serializeBlockDelimiter } from './block-delimiters.js';

const canonical = (html: string) =>
  replaceBlockDelimiters(html, (d) => (d === undefined ? '[dropped]' : serializeBlockDelimiter(d)));

describe('block delimiters', () => {
  it("encodes attributes as WordPress's serialize_block_attributes", () => {
    expect(serializeBlockAttributes({ a: '--!><img>&"x"', b: '/é' })).toBe(
      '{"a":"\\u002d\\u002d!\\u003e\\u003cimg\\u003e\\u0026\\u0022x\\u0022","b":"/é"}',
    );
  });

  it('reads openers, closers and void blocks with the default parser grammar, in one canonical form', () => {
    expect(canonical('<!--  wp:my-plugin/notice\n{"a" : 1}\n-->x<!--\t/wp:my-plugin/notice -->')).toBe(
      '<!-- wp:my-plugin/notice {"a":1} -->x<!-- /wp:my-plugin/notice -->',
    );
    expect(canonical('<!-- wp:core/html {"content":"<script>"} /-->')).toBe(
      '<!-- wp:core/html {"content":"\\u003cscript\\u003e"} /-->',
    );
    expect(canonical('<!-- wp:paragraph {} -->')).toBe('<!-- wp:paragraph -->');
    expect(canonical('<!-- /wp:paragraph {"a":"--><b>"} -->')).toBe('<!-- /wp:paragraph -->');
  });

  it('drops a delimiter whose attributes are not a JSON object, and leaves what the grammar does not read', () => {
    expect(canonical('<!-- wp:p {x} --><!-- wp:p {"a":1,} /-->')).toBe('[dropped][dropped]');
    for (const text of [
      '<!-- wp:p [1] -->',
      '<!-- wp:paragraph --!>',
      '<!--wp:p -->',
      '<!-- wp:P -->',
      '<!-- wp:p{"a":1} -->',
      '<!-- wp:1p -->',
    ]) {
      expect(canonical(text)).toBe(text);
    }
  });

  it('takes the attributes up to the first } before the end, as the parser does', () => {
    expect(canonical('<!-- wp:p {"a":"} -->"} -->')).toBe('[dropped]"} -->');
    expect(canonical('<!-- wp:p {"a":"}}--!>"} -->')).toBe('<!-- wp:p {"a":"}}\\u002d\\u002d!\\u003e"} -->');
  });
});
