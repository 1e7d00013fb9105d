/**
 * WordPress's typography pass (`wptexturize`), which its `title`, `content` and `excerpt`
 * filters run before a REST answer shows them: straight quotes become curly ones, `--` and
 * ` - ` dashes, `...` an ellipsis, `9'` and `9"` primes, `3x4` a multiplication sign, and a bare
 * `&` the `&#038;` entity. Text inside `pre`, `code`, `kbd`, `style`, `script` and `tt`
 * elements and inside HTML comments is left alone; tags keep their text but have bare `&`
 * escaped. Written from WordPress 6.1's documented rules; its own unit cases are the tests.
 *
 * @module
 */

const OPEN_DOUBLE = '&#8220;';
const CLOSE_DOUBLE = '&#8221;';
const APOSTROPHE = '&#8217;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';
const OPEN_SINGLE = '&#8216;';
const CLOSE_SINGLE = '&#8217;';
const EN_DASH = '&#8211;';
const EM_DASH = '&#8212;';

/** Markers placed while quotes are decided, replaced at the end (HTML comments never occur in a text part). */
const OPEN_DOUBLE_MARK = '<!--oq-->';
const OPEN_SINGLE_MARK = '<!--osq-->';
const APOSTROPHE_MARK = '<!--apos-->';
const PRIME_OR_QUOTE_MARK = '<!--wp-prime-or-quote-->';

/** What counts as a space: WordPress's `wp_spaces_regexp`. */
const SPACE = '(?:[\\r\\n\\t ]|\\u00A0|&nbsp;)';
/** What may follow a closing quote. */
const AFTER_CLOSE = `(?=$|[.,:;!?)}\\-\\]]|&gt;|${SPACE})`;

/** Elements whose text is never changed. */
const NO_TEXTURIZE = new Set(['pre', 'code', 'kbd', 'style', 'script', 'tt']);

/** Plain replacements, in order. */
const STATIC: readonly (readonly [string, string])[] = [
  ['...', '&#8230;'],
  ['``', OPEN_DOUBLE],
  ["''", CLOSE_DOUBLE],
  [' (tm)', ' &#8482;'],
  ...["'tain't", "'twere", "'twas", "'tis", "'twill", "'til", "'bout", "'nuff", "'round", "'cause", "'em"].map(
    (word) => [word, word.replaceAll("'", APOSTROPHE)] as const,
  ),
];

/** Single quotes and apostrophes, tried in order. */
const SINGLE: readonly (readonly [RegExp, string])[] = [
  [new RegExp(`'(\\d\\d)'${AFTER_CLOSE}`, 'g'), `${APOSTROPHE_MARK}$1${CLOSE_SINGLE}`],
  [new RegExp(`'(\\d\\d)"${AFTER_CLOSE}`, 'g'), `${APOSTROPHE_MARK}$1${CLOSE_DOUBLE}`],
  [/'(?=\d\d(?:$|(?![%\d]|[.,]\d)))/g, APOSTROPHE_MARK],
  [new RegExp(`(?<=^|${SPACE})'(\\d[.,\\d]*)'`, 'g'), `${OPEN_SINGLE_MARK}$1${CLOSE_SINGLE}`],
  [new RegExp(`(?<=^|[([{"\\-]|&lt;|${SPACE})'`, 'g'), OPEN_SINGLE_MARK],
  [new RegExp(`(?<!${SPACE})'(?!$|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${SPACE})`, 'g'), APOSTROPHE_MARK],
];

/** Double quotes, tried in order. */
const DOUBLE: readonly (readonly [RegExp, string])[] = [
  [new RegExp(`(?<=^|${SPACE})"(\\d[.,\\d]*)"`, 'g'), `${OPEN_DOUBLE_MARK}$1${CLOSE_DOUBLE}`],
  [new RegExp(`(?<=^|[([{\\-]|&lt;|${SPACE})"(?!${SPACE})`, 'g'), OPEN_DOUBLE_MARK],
];

/** Dashes, tried in order. */
const DASHES: readonly (readonly [RegExp, string])[] = [
  [/---/g, EM_DASH],
  [new RegExp(`(?<=^|${SPACE})--(?=$|${SPACE})`, 'g'), EM_DASH],
  [/(?<!xn)--/g, EN_DASH],
  [new RegExp(`(?<=^|${SPACE})-(?=$|${SPACE})`, 'g'), EN_DASH],
];

/** A bare `&` (not starting an entity). */
const BARE_AMPERSAND = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi;

/** Text and the tags and comments between it: a tag runs to its `>` (or the end), a comment to its `-->`. */
const SPLIT = /(<!--[\s\S]*?(?:-->|$)|<[^>]*>?)/;

function replaceAll(text: string, rules: readonly (readonly [RegExp, string])[]): string {
  let out = text;
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement);
  return out;
}

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

/**
 * Decides, in each stretch after an opening quote, whether a quote mark closes it or is a
 * prime (`9'`, `9"`): one candidate closes; several after no digit close; otherwise the
 * rightmost before a period (or the rightmost at all) closes and the others are primes.
 */
function primes(text: string, needle: "'" | '"', prime: string, openMark: string, close: string): string {
  const closing = new RegExp(`${needle}${AFTER_CLOSE}`, 'g');
  const afterDigit = new RegExp(`(?<=\\d)${needle}`, 'g');
  const markAfterDigit = new RegExp(`(?<=\\d)${PRIME_OR_QUOTE_MARK}`, 'g');
  const markNoDigit = new RegExp(`(?<!\\d)${PRIME_OR_QUOTE_MARK}`, 'g');
  const stretches = text.split(openMark).map((stretch, index) => {
    let out = stretch;
    if (!out.includes(needle)) return out;
    if (index !== 0 && count(out, close) === 0) {
      const candidates = count(out.replace(closing, PRIME_OR_QUOTE_MARK), PRIME_OR_QUOTE_MARK);
      out = out.replace(closing, PRIME_OR_QUOTE_MARK);
      if (candidates > 1) {
        const beforeVulcan = out;
        out = out.replace(markNoDigit, close);
        if (out === beforeVulcan) {
          const dotted = out.lastIndexOf(`${PRIME_OR_QUOTE_MARK}.`);
          const at = dotted >= 0 ? dotted : out.lastIndexOf(PRIME_OR_QUOTE_MARK);
          out = `${out.slice(0, at)}${close}${out.slice(at + PRIME_OR_QUOTE_MARK.length)}`;
        }
        out = out.replace(afterDigit, prime).replace(markAfterDigit, prime).replaceAll(PRIME_OR_QUOTE_MARK, close);
      } else if (candidates === 1) {
        out = out.replaceAll(PRIME_OR_QUOTE_MARK, close).replace(afterDigit, prime);
      } else {
        out = out.replace(afterDigit, prime);
      }
    } else {
      out = out.replace(afterDigit, prime).replace(closing, close);
    }
    if (needle === '"') out = out.replaceAll('"', close);
    return out;
  });
  return stretches.join(openMark);
}

function texturizeText(text: string): string {
  let out = text;
  for (const [from, to] of STATIC) out = out.replaceAll(from, to);
  if (out.includes("'")) {
    out = replaceAll(out, SINGLE);
    out = primes(out, "'", PRIME, OPEN_SINGLE_MARK, CLOSE_SINGLE);
    out = out.replaceAll(APOSTROPHE_MARK, APOSTROPHE).replaceAll(OPEN_SINGLE_MARK, OPEN_SINGLE);
  }
  if (out.includes('"')) {
    out = replaceAll(out, DOUBLE);
    out = primes(out, '"', DOUBLE_PRIME, OPEN_DOUBLE_MARK, CLOSE_DOUBLE);
    out = out.replaceAll(OPEN_DOUBLE_MARK, OPEN_DOUBLE);
  }
  if (out.includes('-')) out = replaceAll(out, DASHES);
  if (/(?<=\d)x\d/.test(out)) out = out.replace(/\b(\d(?:(?<=0)[\d.,]+|(?<!0)[\d.,]*))x(\d[\d.,]*)\b/g, '$1&#215;$2');
  return out.replace(BARE_AMPERSAND, '&#038;');
}

/** The name of an element's tag (`<pre class="x">` → `pre`), and whether it closes one. */
function tagOf(tag: string): { name: string; closing: boolean } {
  const closing = tag[1] === '/';
  const from = closing ? 2 : 1;
  const space = tag.indexOf(' ');
  return { name: space === -1 ? tag.slice(from, -1) : tag.slice(from, space), closing };
}

/**
 * The text with WordPress's typography applied.
 *
 * @example
 * texturize('"Quoted" -- it\'s 9\' tall & more...'); // '&#8220;Quoted&#8221; &#8212; it&#8217;s 9&#8242; tall &#038; more&#8230;'
 */
export function texturize(text: string): string {
  if (text === '') return text;
  const skipping: string[] = [];
  return text
    .split(SPLIT)
    .map((part) => {
      if (part === '') return part;
      if (part.startsWith('<')) {
        if (part.startsWith('<!--')) return part;
        const { name, closing } = tagOf(part);
        if (NO_TEXTURIZE.has(name)) {
          if (!closing) skipping.push(name);
          else if (skipping.at(-1) === name) skipping.pop();
        }
        return part.replace(BARE_AMPERSAND, '&#038;');
      }
      if (part.trim() === '' || skipping.length > 0) return part;
      return texturizeText(part);
    })
    .join('');
}
