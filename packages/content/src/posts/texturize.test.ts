import { describe, expect, it } from 'vitest';
import { texturize } from './texturize.js';

/** Inputs and outputs of WordPress 6.1's own `wptexturize` (its unit cases and the reference site's content). */
const CASES: readonly [string, string][] = [
  ['Hey -- boo?', 'Hey &#8212; boo?'],
  ['<a href="http://xx--xx">Hey -- boo?</a>', '<a href="http://xx--xx">Hey &#8212; boo?</a>'],
  ['<pre>---&</pre>', '<pre>---&</pre>'],
  ['<pre><code></code>--&</pre>', '<pre><code></code>--&</pre>'],
  ['<code>---&</code>', '<code>---&</code>'],
  [
    "'cause today's effort makes it worth tomorrow's \"holiday\" ...",
    '&#8217;cause today&#8217;s effort makes it worth tomorrow&#8217;s &#8220;holiday&#8221; &#8230;',
  ],
  [
    'This is post number 19, titled "E-Readers In 2023". It has two paragraphs & some <strong>markup</strong>.',
    'This is post number 19, titled &#8220;E-Readers In 2023&#8221;. It has two paragraphs &#038; some <strong>markup</strong>.',
  ],
  ["It's different (And gettin' caught in the rain.)", 'It&#8217;s different (And gettin&#8217; caught in the rain.)'],
  ['9\' tall and 12" wide', '9&#8242; tall and 12&#8243; wide'],
  ["'99 was a good year", '&#8217;99 was a good year'],
  ['a 3x4 grid', 'a 3&#215;4 grid'],
  ['one - two', 'one &#8211; two'],
  ['xn--domain', 'xn--domain'],
  ['<a href="?a=1&b=2">x</a>', '<a href="?a=1&#038;b=2">x</a>'],
  ['&amp; &#8217; stay', '&amp; &#8217; stay'],
  ['<!-- a "comment" -->', '<!-- a "comment" -->'],
  ['Word (tm) mark', 'Word &#8482; mark'],
];

describe('texturize, as WordPress’s wptexturize', () => {
  for (const [input, output] of CASES) {
    it(`turns ${JSON.stringify(input)} into its typography`, () => {
      expect(texturize(input)).toBe(output);
    });
  }
});
