/**
 * The values `/settings` stores, cleaned as WordPress 6.1's `sanitize_option` cleans them
 * after the REST schema's checks (types, `enum`, `format: email`): the title and tagline
 * escaped as HTML text (`esc_html`), the date and time formats stripped of tags and
 * entity-normalised (`strip_tags`, `wp_kses_data`), the ids made non-negative (`absint`),
 * `posts_per_page` at least 1 (or -1), and the values it turns down (a site address that is
 * not `http(s)://…`, a language the site does not have) leave the setting as it was. An
 * empty time zone (no city: the original then counts in its offset from UTC, 0 here) is
 * stored as `UTC`.
 *
 * @module
 */
import type { SiteOptions } from '../options/options.js';

/** What {@link sanitizeOption} decided: the value to store, or to keep the stored one. */
export type SanitizedOption = { readonly store: unknown } | { readonly keep: true };

/** The languages a site has: the original's `get_available_languages()` and its default, English. */
const LANGUAGES = new Set(['', 'en_US']);

/** The settings the original runs through `absint`. */
const NON_NEGATIVE = new Set<keyof SiteOptions>([
  'start_of_week',
  'default_category',
  'page_on_front',
  'page_for_posts',
  'site_icon',
]);

/**
 * The value to store for `name`, as the original's `sanitize_option`, from a value the
 * route's schema already checked (its type, its `enum`, an email's form).
 *
 * @example
 * sanitizeOption('title', '<script>x</script>'); // { store: '&lt;script&gt;x&lt;/script&gt;' }
 * sanitizeOption('posts_per_page', 0);           // { store: 1 }
 * sanitizeOption('url', 'javascript:alert(1)');  // { keep: true }
 * sanitizeOption('timezone', '');                // { store: 'UTC' }
 */
export function sanitizeOption(name: keyof SiteOptions, value: unknown): SanitizedOption {
  if (typeof value === 'number' && NON_NEGATIVE.has(name)) return { store: Math.abs(Math.trunc(value)) };
  if (name === 'posts_per_page' && typeof value === 'number') {
    const count = Math.trunc(value);
    return { store: count === 0 ? 1 : count < -1 ? -count : count };
  }
  if (typeof value !== 'string') return { store: value };
  switch (name) {
    case 'title':
    case 'description':
      return { store: escHtml(value) };
    case 'date_format':
    case 'time_format':
      return { store: ksesText(phpStripTags(value)) };
    case 'email':
      return { store: value.trim() };
    case 'url':
      return /^https?:\/\/.+/i.test(value) ? { store: sanitizeUrl(value) } : { keep: true };
    case 'language':
      return LANGUAGES.has(value) ? { store: value } : { keep: true };
    case 'timezone':
      // No city: the original then counts in its offset from UTC, 0 here, so the zone is UTC.
      return { store: value === '' ? 'UTC' : value };
    case 'default_ping_status':
    case 'default_comment_status':
      return { store: value === '' || value === '0' ? 'closed' : value };
    default:
      return { store: value };
  }
}

/**
 * WordPress's `esc_html`: `&` (unless it starts an entity the original knows), `<`, `>`,
 * `"` and `'` as entities, entities already there normalised and not encoded twice
 * (`&amp;` stays, `&#39;` is `&#039;`).
 *
 * @example
 * escHtml(`Tom & Jerry's "<b>"`); // 'Tom &amp; Jerry&#039;s &quot;&lt;b&gt;&quot;'
 */
export function escHtml(text: string): string {
  if (!/[&<>"']/.test(text)) return text;
  // Every `&` left starts an entity: none is encoded twice.
  return normalizeEntities(text).replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/**
 * PHP's `strip_tags`: every tag (a `<` followed by something other than white space, up to
 * its `>` outside quotes, or to the end), comments too, their text kept.
 *
 * @example
 * phpStripTags('<a href="x">F</a> j, a < b'); // 'F j, a < b'
 */
export function phpStripTags(text: string): string {
  return text.replace(/<!--[\s\S]*?(?:-->|$)|<(?=[^\s<])(?:"[^"]*"|'[^']*'|[^'">])*(?:>|$)/g, '');
}

/** `wp_kses_data` of text without tags: entities normalised, a lone `<` or `>` as an entity. */
function ksesText(text: string): string {
  return normalizeEntities(text).replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `wp_kses_normalize_entities`: `&` that starts no known entity is `&amp;`; numeric ones padded, invalid ones disarmed. */
function normalizeEntities(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/&amp;([A-Za-z]{2,8}[0-9]{0,2});/g, (whole, entity: string) => (ENTITY_NAMES.has(entity) ? `&${entity};` : whole))
    .replace(/&amp;#(0*[0-9]{1,7});/g, (whole, digits: string) => {
      if (/^0*$/.test(digits)) return '';
      return validUnicode(Number.parseInt(digits, 10)) ? `&#${digits.replace(/^0+/, '').padStart(3, '0')};` : whole;
    })
    .replace(/&amp;#[Xx](0*[0-9A-Fa-f]{1,6});/g, (whole, hex: string) => {
      if (/^0*$/.test(hex)) return '';
      return validUnicode(Number.parseInt(hex, 16)) ? `&#x${hex.replace(/^0+/, '')};` : whole;
    });
}

function validUnicode(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** `sanitize_url` of an address already known to be `http(s)://…`: white space and characters no URL holds removed. */
function sanitizeUrl(url: string): string {
  return url.trim().replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\uffff]/gi, '');
}

/** The entity names the original's kses keeps (`$allowedentitynames`). */
const ENTITY_NAMES = new Set(
  (
    'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn acute micro para ' +
    'middot cedil ordm raquo iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml ' +
    'Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml ' +
    'Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute ' +
    'icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn ' +
    'yuml quot amp lt gt apos OElig oelig Scaron scaron Yuml circ tilde ensp emsp thinsp zwnj zwj lrm rlm ndash ' +
    'mdash lsquo rsquo sbquo ldquo rdquo bdquo dagger Dagger permil lsaquo rsaquo euro fnof Alpha Beta Gamma Delta ' +
    'Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho Sigma Tau Upsilon Phi Chi Psi Omega alpha ' +
    'beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma tau upsilon ' +
    'phi chi psi omega thetasym upsih piv bull hellip prime Prime oline frasl weierp image real trade alefsym larr ' +
    'uarr rarr darr harr crarr lArr uArr rArr dArr hArr forall part exist empty nabla isin notin ni prod sum minus ' +
    'lowast radic prop infin ang and or cap cup int sim cong asymp ne equiv le ge sub sup nsub sube supe oplus ' +
    'otimes perp sdot lceil rceil lfloor rfloor lang rang loz spades clubs hearts diams sup1 sup2 sup3 frac14 ' +
    'frac12 frac34 there4'
  ).split(' '),
);
