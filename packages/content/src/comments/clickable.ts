/**
 * WordPress's `make_clickable` for comment text: bare web addresses (`http://…`, `https://…`,
 * `ftp://…`, `www.…`) and email addresses become links, outside tags and outside `a`,
 * `pre`, `code`, `script`, `style` and `textarea` elements. Trailing punctuation stays out of
 * the link, as the original leaves it.
 *
 * @module
 */

const SKIPPED = new Set(['a', 'pre', 'code', 'script', 'style', 'textarea']);
const URL = /(^|[\s>(])((?:https?|ftps?):\/\/[^\s<>"]+)/gi;
const WWW = /(^|[\s>(])(www\.[^\s<>"]+)/gi;
const EMAIL = /(^|[\s>])([.0-9a-z_+-]+@(?:[0-9a-z-]+\.)+[0-9a-z]{2,})(?=$|[\s<.,;:!?)])/gi;

/** Splits the trailing punctuation (and an unbalanced `)`) off a matched address. */
function trimTail(url: string): [string, string] {
  let end = url.length;
  for (;;) {
    const last = url.charAt(end - 1);
    if ('.,;:!?'.includes(last) && end > 0) {
      end -= 1;
      continue;
    }
    if (last === ')') {
      const head = url.slice(0, end);
      if ((head.match(/\(/g) ?? []).length < (head.match(/\)/g) ?? []).length) {
        end -= 1;
        continue;
      }
    }
    break;
  }
  return [url.slice(0, end), url.slice(end)];
}

/** The links of one run of text. */
function linkText(text: string): string {
  return text
    .replace(URL, (_, before: string, found: string) => {
      const [url, tail] = trimTail(found);
      return `${before}<a href="${url}" rel="nofollow">${url}</a>${tail}`;
    })
    .replace(WWW, (_, before: string, found: string) => {
      const [url, tail] = trimTail(found);
      return `${before}<a href="http://${url}" rel="nofollow">${url}</a>${tail}`;
    })
    .replace(EMAIL, (_, before: string, email: string) => `${before}<a href="mailto:${email}">${email}</a>`);
}

/**
 * The text with its bare addresses as links.
 *
 * @example
 * makeClickable('See http://example.com.'); // 'See <a href="http://example.com" rel="nofollow">http://example.com</a>.'
 */
export function makeClickable(html: string): string {
  const parts = html.split(/(<[^>]*>)/);
  let skipping: string | undefined;
  let out = '';
  for (const part of parts) {
    if (part.startsWith('<')) {
      const tag = /^<\s*(\/?)\s*([a-z0-9]+)/i.exec(part);
      const name = tag?.[2]?.toLowerCase();
      if (name !== undefined && SKIPPED.has(name)) {
        if (tag?.[1] === '/') {
          if (skipping === name) skipping = undefined;
        } else if (skipping === undefined && !part.endsWith('/>')) {
          skipping = name;
        }
      }
      out += part;
    } else {
      out += skipping === undefined ? linkText(` ${part}`).slice(1) : part;
    }
  }
  return out;
}
