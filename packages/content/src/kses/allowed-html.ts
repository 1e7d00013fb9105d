/**
 * The one table of what HTML each field keeps for a caller whose HTML is filtered, after
 * WordPress 6.1's kses (`wp-includes/kses.php`): `$allowedposttags` (with
 * `_wp_add_global_attributes`) for a post's content and excerpt, `$allowedtags` for titles,
 * comments, term and user descriptions and string meta; `wp_allowed_protocols` for every URL
 * attribute of `wp_kses_uri_attributes`; `safecss_filter_attr`'s properties for `style`.
 *
 * Stricter than the original where it costs authors little: no `<object>` (kses keeps PDF
 * objects after a callback), no `<textarea>` or `<title>` (raw text, whose content
 * `sanitize-html` writes unescaped), no `url()` or CSS escapes in `style`.
 *
 * @module
 */
import type sanitizeHtml from 'sanitize-html';

/** The fields whose HTML is filtered on write. */
export type HtmlField = 'title' | 'content' | 'excerpt' | 'comment' | 'term_description' | 'user_description' | 'meta';

/** WordPress's `wp_allowed_protocols()`. */
export const ALLOWED_PROTOCOLS: readonly string[] = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'news',
  'irc',
  'irc6',
  'ircs',
  'gopher',
  'nntp',
  'feed',
  'telnet',
  'mms',
  'rtsp',
  'sms',
  'svn',
  'tel',
  'fax',
  'xmpp',
  'webcal',
  'urn',
];

/** WordPress's `wp_kses_uri_attributes()`: the attributes whose value is a URL, checked against the protocols. */
export const URI_ATTRIBUTES: readonly string[] = [
  'action',
  'archive',
  'background',
  'cite',
  'classid',
  'codebase',
  'data',
  'formaction',
  'href',
  'icon',
  'longdesc',
  'manifest',
  'poster',
  'profile',
  'src',
  'usemap',
  'xmlns',
];

/** kses's `_wp_add_global_attributes`: every `$allowedposttags` element also takes these. */
const GLOBAL_ATTRIBUTES = [
  'aria-describedby',
  'aria-details',
  'aria-label',
  'aria-labelledby',
  'aria-hidden',
  'class',
  'data-*',
  'dir',
  'id',
  'lang',
  'style',
  'title',
  'role',
  'xml:lang',
];

const CELL = ['abbr', 'align', 'axis', 'bgcolor', 'char', 'charoff', 'colspan', 'headers', 'height', 'nowrap', 'rowspan'];
const SECTION = ['align', 'char', 'charoff', 'valign'];

/** kses's `$allowedposttags` (6.1), element → its own attributes; `object`, `textarea` and `title` left out. */
const POST_TAGS: Readonly<Record<string, readonly string[]>> = {
  address: [],
  a: ['href', 'rel', 'rev', 'name', 'target', 'download'],
  abbr: [],
  acronym: [],
  area: ['alt', 'coords', 'href', 'nohref', 'shape', 'target'],
  article: ['align'],
  aside: ['align'],
  audio: ['autoplay', 'controls', 'loop', 'muted', 'preload', 'src'],
  b: [],
  bdo: [],
  big: [],
  blockquote: ['cite'],
  br: [],
  button: ['disabled', 'name', 'type', 'value'],
  caption: ['align'],
  cite: [],
  code: [],
  col: ['align', 'char', 'charoff', 'span', 'valign', 'width'],
  colgroup: ['align', 'char', 'charoff', 'span', 'valign', 'width'],
  del: ['datetime'],
  dd: [],
  dfn: [],
  details: ['align', 'open'],
  div: ['align'],
  dl: [],
  dt: [],
  em: [],
  fieldset: [],
  figure: ['align'],
  figcaption: ['align'],
  font: ['color', 'face', 'size'],
  footer: ['align'],
  h1: ['align'],
  h2: ['align'],
  h3: ['align'],
  h4: ['align'],
  h5: ['align'],
  h6: ['align'],
  header: ['align'],
  hgroup: ['align'],
  hr: ['align', 'noshade', 'size', 'width'],
  i: [],
  img: ['alt', 'align', 'border', 'height', 'hspace', 'loading', 'longdesc', 'vspace', 'src', 'usemap', 'width'],
  ins: ['datetime', 'cite'],
  kbd: [],
  label: ['for'],
  legend: ['align'],
  li: ['align', 'value'],
  main: ['align'],
  map: ['name'],
  mark: [],
  menu: ['type'],
  nav: ['align'],
  p: ['align'],
  pre: ['width'],
  q: ['cite'],
  rb: [],
  rp: [],
  rt: [],
  rtc: [],
  ruby: [],
  s: [],
  samp: [],
  span: ['align'],
  section: ['align'],
  small: [],
  strike: [],
  strong: [],
  sub: [],
  summary: ['align'],
  sup: [],
  table: ['align', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'rules', 'summary', 'width'],
  tbody: SECTION,
  td: [...CELL, 'scope', 'valign', 'width'],
  tfoot: SECTION,
  th: [...CELL, 'scope', 'valign', 'width'],
  thead: SECTION,
  tr: ['align', 'bgcolor', 'char', 'charoff', 'valign'],
  track: ['default', 'kind', 'label', 'src', 'srclang'],
  tt: [],
  u: [],
  ul: ['type'],
  ol: ['start', 'type', 'reversed'],
  var: [],
  video: ['autoplay', 'controls', 'height', 'loop', 'muted', 'playsinline', 'poster', 'preload', 'src', 'width'],
};

/** kses's `$allowedtags`: the short list of titles, comments, descriptions (and here string meta). */
const TAGS: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  abbr: ['title'],
  acronym: ['title'],
  b: [],
  blockquote: ['cite'],
  cite: [],
  code: [],
  del: ['datetime'],
  em: [],
  i: [],
  q: ['cite'],
  s: [],
  strike: [],
  strong: [],
};

/** `safecss_filter_attr`'s `safe_style_css` (6.1). */
const STYLE_PROPERTIES = [
  'background',
  'background-color',
  'background-position',
  'background-size',
  'background-attachment',
  'background-blend-mode',
  'border',
  'border-radius',
  'border-width',
  'border-color',
  'border-style',
  ...['right', 'bottom', 'left', 'top'].flatMap((side) => [
    `border-${side}`,
    `border-${side}-color`,
    `border-${side}-style`,
    `border-${side}-width`,
  ]),
  'border-bottom-left-radius',
  'border-bottom-right-radius',
  'border-top-left-radius',
  'border-top-right-radius',
  'border-spacing',
  'border-collapse',
  'caption-side',
  'columns',
  'column-count',
  'column-fill',
  'column-gap',
  'column-rule',
  'column-span',
  'column-width',
  'color',
  'filter',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-variant',
  'font-weight',
  'letter-spacing',
  'line-height',
  'text-align',
  'text-decoration',
  'text-indent',
  'text-transform',
  'height',
  'min-height',
  'max-height',
  'width',
  'min-width',
  'max-width',
  'margin',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'margin-top',
  'margin-block-start',
  'margin-block-end',
  'margin-inline-start',
  'margin-inline-end',
  'padding',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'padding-top',
  'padding-block-start',
  'padding-block-end',
  'padding-inline-start',
  'padding-inline-end',
  'flex',
  'flex-basis',
  'flex-direction',
  'flex-flow',
  'flex-grow',
  'flex-shrink',
  'flex-wrap',
  'gap',
  'row-gap',
  'grid-template-columns',
  'grid-auto-columns',
  'grid-column-start',
  'grid-column-end',
  'grid-column-gap',
  'grid-template-rows',
  'grid-auto-rows',
  'grid-row-start',
  'grid-row-end',
  'grid-row-gap',
  'grid-gap',
  'justify-content',
  'justify-items',
  'justify-self',
  'align-content',
  'align-items',
  'align-self',
  'clear',
  'cursor',
  'direction',
  'float',
  'list-style-type',
  'object-fit',
  'object-position',
  'overflow',
  'vertical-align',
];

/**
 * A CSS value kept in `style`: words, numbers, colours, strings and the functions of colours
 * and lengths; no `url()` (nor any other function), no `\` escape, no `:`, `;`, `<`, `>`, `@`.
 */
const SAFE_STYLE_VALUE = /^(?:[\w\s#%.,+*/!'"-]|(?:rgba?|hsla?|var|calc|min|max|clamp|minmax|repeat|fit-content)\(|\))*$/i;

/** The `sanitize-html` options of the post tags: kses's elements and attributes, its protocols, safe CSS. */
function options(tags: Readonly<Record<string, readonly string[]>>, global: readonly string[]): sanitizeHtml.IOptions {
  const allowedAttributes: Record<string, string[]> = {};
  for (const [tag, attributes] of Object.entries(tags)) allowedAttributes[tag] = [...attributes, ...global];
  const styles: Record<string, RegExp[]> = {};
  for (const property of STYLE_PROPERTIES) styles[property] = [SAFE_STYLE_VALUE];
  return {
    allowedTags: Object.keys(tags),
    allowedAttributes,
    allowedStyles: { '*': styles },
    allowedSchemes: [...ALLOWED_PROTOCOLS],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: [...URI_ATTRIBUTES],
    allowProtocolRelative: true,
    disallowedTagsMode: 'discard',
    // The text of these is never shown by a browser (or is code): it goes with the element.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'noembed',
      'noframes',
      'xmp',
      'iframe',
      'template',
      'title',
    ],
    parseStyleAttributes: true,
  };
}

/**
 * How a field is filtered: the `sanitize-html` options for a caller without
 * `unfiltered_html`, and for a caller with it (`'keep'`: the HTML as sent).
 */
export interface FieldPolicy {
  readonly filtered: sanitizeHtml.IOptions;
  /** As WordPress: posts, comments and meta keep an unfiltered caller's HTML, descriptions are filtered for all. */
  readonly unfiltered: sanitizeHtml.IOptions | 'keep';
}

const POSTS = options(POST_TAGS, GLOBAL_ATTRIBUTES);
const SHORT = options(TAGS, []);
const WITH_REL = options({ ...TAGS, a: [...(TAGS.a ?? []), 'rel'] }, []);

/**
 * Field → policy, from WordPress's filters: `title_save_pre` → `wp_filter_kses`,
 * `content_save_pre`/`excerpt_save_pre` → `wp_filter_post_kses`, `pre_comment_content` →
 * `wp_filter_kses` (`kses_init` adds none of these for a caller with `unfiltered_html`: a
 * REST comment by an administrator keeps its `<script>` in 6.1; `wp_rel_ugc`, run for every
 * caller after it, is `./rel-ugc.ts`);
 * `pre_term_description` and `pre_user_description` → `wp_filter_kses` for everyone
 * (`default-filters.php`; `user_description` allows `a rel`). Registered string meta is
 * not filtered by the original; here it gets `$allowedtags` unless `unfiltered_html`.
 */
export const FIELD_POLICIES: Readonly<Record<HtmlField, FieldPolicy>> = {
  title: { filtered: SHORT, unfiltered: 'keep' },
  content: { filtered: POSTS, unfiltered: 'keep' },
  excerpt: { filtered: POSTS, unfiltered: 'keep' },
  comment: { filtered: SHORT, unfiltered: 'keep' },
  term_description: { filtered: SHORT, unfiltered: SHORT },
  user_description: { filtered: WITH_REL, unfiltered: WITH_REL },
  meta: { filtered: SHORT, unfiltered: 'keep' },
};
