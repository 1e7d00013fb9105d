import { describe, expect, it } from 'vitest';
import { relUgc } from './rel-ugc.js';

const SITE = 'http://127.0.0.1:8081';

describe('relUgc (wp_rel_ugc)', () => {
  it('adds rel="nofollow ugc" to a link without one, leaving the tag as written', () => {
    expect(relUgc('Buy <a href="https://spam.example.test/">click</a>', SITE)).toBe(
      'Buy <a href="https://spam.example.test/" rel="nofollow ugc">click</a>',
    );
  });

  it('merges into an existing rel once, writing the tag again from its attributes', () => {
    expect(relUgc('<a href="https://x.test/" rel="me">x</a>', SITE)).toBe(
      '<a href="https://x.test/" rel="me nofollow ugc">x</a>',
    );
    expect(relUgc('<a HREF=\'https://x.test/?a=1&b=2\' download rel="nofollow ugc">x</a>', SITE)).toBe(
      '<a href="https://x.test/?a=1&amp;b=2" download rel="nofollow ugc">x</a>',
    );
  });

  it("leaves links to the site's own host alone, whatever the case", () => {
    const html = '<a href="http://127.0.0.1:8081/p">home</a> <a href="HTTPS://127.0.0.1/x">also home</a>';
    expect(relUgc(html, SITE)).toBe(html);
  });

  it('touches nothing but <a > tags: text, other tags and scripts stay', () => {
    const html = 'A & B <abbr title="x">y</abbr> <script>z()</script>';
    expect(relUgc(html, SITE)).toBe(html);
    expect(relUgc('', SITE)).toBe('');
  });

  it('marks a link without an href, as the original', () => {
    expect(relUgc('<a name="top">t</a>', SITE)).toBe('<a name="top" rel="nofollow ugc">t</a>');
  });
});
