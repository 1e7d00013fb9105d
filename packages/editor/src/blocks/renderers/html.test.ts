import { describe, expect, it } from 'vitest';
import { escHtml, escUrl, phpFloat, wrapperAttributes } from './html.js';

describe('the renderers’ HTML helpers', () => {
  it('escapes as esc_html, leaving entities as they are', () => {
    expect(escHtml(`Tom & Jerry &amp; &#8217; <b>"x"</b> 'y'`)).toBe(
      'Tom &amp; Jerry &amp; &#8217; &lt;b&gt;&quot;x&quot;&lt;/b&gt; &#039;y&#039;',
    );
  });

  it('writes a URL as esc_url does: & as &#038;', () => {
    expect(escUrl('http://site.test/?post_type=book&p=3')).toBe('http://site.test/?post_type=book&#038;p=3');
  });

  it('writes floats as PHP does (14 significant digits)', () => {
    expect(phpFloat(8 + (14 / 17) * 4)).toBe('11.294117647059');
    expect(phpFloat(20)).toBe('20');
    expect(phpFloat(15.200000000000001)).toBe('15.2');
  });

  it('builds the wrapper: extra class first, then the supports; preset values as custom properties', () => {
    expect(wrapperAttributes('core/tag-cloud', {})).toBe('class="wp-block-tag-cloud"');
    expect(
      wrapperAttributes(
        'core/archives',
        { align: 'full', style: { spacing: { margin: 'var:preset|spacing|50' }, typography: { fontSize: '12px' } } },
        { class: ' wp-block-archives-list' },
      ),
    ).toBe(
      'style="margin:var(--wp--preset--spacing--50); font-size:12px;" class=" wp-block-archives-list alignfull wp-block-archives"',
    );
  });
});
