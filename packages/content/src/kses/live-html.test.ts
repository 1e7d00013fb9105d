import { describe, expect, it } from 'vitest';
import { findLiveHtml, htmlVocabulary, urlScheme } from './live-html.js';

const kinds = (html: string) => findLiveHtml(html).map((finding) => `${finding.kind}:${finding.element}`);

describe('the parse5 check of live HTML', () => {
  it('finds nothing in plain markup', () => {
    expect(findLiveHtml('<p class="x" style="color:red">Hi <a href="https://x">y</a> <img src="/a.png" alt=""></p>')).toEqual([]);
  });

  it('finds scripts, handlers, frames and dangerous URLs as a browser reads them', () => {
    expect(kinds('<script>x()</script>')).toEqual(['element:script']);
    expect(kinds('<img src=x onerror=alert(1)>')).toEqual(['handler:img']);
    expect(kinds('<iframe src="https://x"></iframe>')).toEqual(['element:iframe']);
    expect(kinds('<a href="jav&#x09;ascript:alert(1)">x</a>')).toEqual(['url:a']);
    expect(kinds('<img srcset="a.png 1x, data:image/svg+xml,x 2x">')).toEqual(['url:img']);
    expect(kinds('<p style="background:u\\72l(javascript:alert(1))">x</p>')).toEqual(['style:p']);
    expect(
      kinds('<meta http-equiv=refresh content="0;url=https://x"><base href="https://x"><form action="https://x"></form>'),
    ).toEqual(['element:meta', 'element:base', 'element:form']);
  });

  it('sees what a browser sees in comments, CDATA, SVG and MathML', () => {
    expect(kinds('<!-- wp:p --!><img src=x onerror=alert(1)>-->')).toEqual(['handler:img']);
    expect(kinds('<![CDATA[><img src=x onerror=alert(1)>]]>')).toEqual(['handler:img']);
    expect(kinds('<svg><a xlink:href="javascript:alert(1)">x</a></svg>')).toEqual(['url:svg:a']);
    expect(kinds('<svg><animate attributeName=href values="javascript:alert(1)"/></svg>')).toEqual([
      'animation:svg:animate',
      'url:svg:animate',
    ]);
    expect(kinds('<math href="javascript:alert(1)">x</math>')).toEqual(['url:math:math']);
    expect(kinds('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).toContain('handler:img');
  });

  it('reads URL schemes as the URL standard does', () => {
    expect(urlScheme(' \u0001JaVa\tScRiPt:x')).toBe('javascript');
    expect(urlScheme('/relative:no')).toBeUndefined();
    expect(urlScheme('java\ufffdscript:x')).toBeUndefined();
  });

  it('lists element and attribute names and URL schemes', () => {
    expect([...htmlVocabulary('<a href="https://x" title="t">y</a>')]).toEqual(['a', 'a@href', 'scheme:https', 'a@title']);
  });
});
