/**
 * Where cms-json's stored HTML keeps a name the original's does not, for the same payload and
 * field: each entry with its reason. `payloads.test.ts` fails on any other difference, and on
 * an entry no payload needs any more (stale), as `conformance/src/accepted.ts` does.
 *
 * A name is an element (`a`, `svg:a`), an element's attribute (`a@href`) or a URL scheme
 * (`scheme:https`), as `htmlVocabulary` reads stored HTML with `parse5`.
 *
 * @module
 */

/** One accepted difference: names kept here for a payload, absent from the original's stored value. */
export interface AcceptedDifference {
  /** The payload, as in `payloads.json`. */
  readonly payload: string;
  /** The names kept here and not there (in any field or role). */
  readonly names: readonly string[];
  readonly reason: string;
}

/** WordPress's kses ends a tag at the first `>` and cuts it at a `<`: the element becomes text. */
const TAG_AS_TEXT =
  'an attribute value holds `<` or `>`: kses stores the whole tag as text (`&lt;a href=…`), sanitize-html keeps the element with the value escaped or the URL dropped; nothing is live in either';
/** kses does not read some attribute syntax the way browsers (and htmlparser2) do. */
const ATTRIBUTE_SYNTAX =
  'unusual attribute syntax (a value after `=` and spaces, backticks, no space between attributes, `/` between them): browsers read a relative URL, which is kept as they read it (handler dropped); kses drops the attribute';
/** `<!-->` and `<!--->` are whole comments to a browser. */
const SHORT_COMMENT =
  '`<!-->` and `<!--->` are whole comments in a browser, so the `<img>` after them is an element: it is kept (its handler dropped); kses keeps it too, inside a comment it rewrote';

/** Every payload whose stored value here keeps a name the original's does not; none is live (the suite checks). */
export const ACCEPTED_DIFFERENCES: readonly AcceptedDifference[] = [
  { payload: '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>', names: ['img@src'], reason: ATTRIBUTE_SYNTAX },
  { payload: '<IMG SRC= onmouseover="alert(\'xxs\')">', names: ['img@src'], reason: ATTRIBUTE_SYNTAX },
  { payload: '<a href="data:text/html,<script>alert(1)</script>">x</a>', names: ['a'], reason: TAG_AS_TEXT },
  { payload: '<img src="data:text/html,<script>alert(1)</script>">', names: ['img'], reason: TAG_AS_TEXT },
  {
    payload: '<button formaction="data:text/html,<script>alert(1)</script>">go</button>',
    names: ['button'],
    reason: TAG_AS_TEXT,
  },
  {
    payload: '<video poster="data:text/html,<script>alert(1)</script>" src="data:text/html,<script>alert(1)</script>"></video>',
    names: ['video'],
    reason: TAG_AS_TEXT,
  },
  { payload: '<img srcset="data:text/html,<script>alert(1)</script> 1x">', names: ['img'], reason: TAG_AS_TEXT },
  {
    payload: '<svg><a xlink:href="data:text/html,<script>alert(1)</script>"><text y="20">x</text></a></svg>',
    names: ['a'],
    reason: TAG_AS_TEXT,
  },
  { payload: '<a href="DATA:text/html,<script>alert(1)</script>">x</a>', names: ['a'], reason: TAG_AS_TEXT },
  { payload: '<a href=" data:image/svg+xml,<svg onload=alert(1)>">x</a>', names: ['a'], reason: TAG_AS_TEXT },
  { payload: '<a title="</a><img src=x onerror=alert(1)>">x</a>', names: ['a', 'a@rel', 'a@title'], reason: TAG_AS_TEXT },
  { payload: '<p title="</p><script>alert(1)</script>">t</p>', names: ['p@title'], reason: TAG_AS_TEXT },
  { payload: '<img alt="<x" title="/><img src=x onerror=alert(1)>">', names: ['img@alt', 'img@title'], reason: TAG_AS_TEXT },
  { payload: '<div id="x</div><img src=x onerror=alert(1)>">', names: ['div', 'div@id'], reason: TAG_AS_TEXT },
  { payload: '<img/src=x/onerror=alert(1)>', names: ['img@src'], reason: ATTRIBUTE_SYNTAX },
  { payload: '<img src="x"onerror="alert(1)">', names: ['img@src'], reason: ATTRIBUTE_SYNTAX },
  { payload: '<!--><img src=x onerror=alert(1)>-->', names: ['img', 'img@src'], reason: SHORT_COMMENT },
  { payload: '<!---><img src=x onerror=alert(1)>-->', names: ['img', 'img@src'], reason: SHORT_COMMENT },
  {
    payload: '<a href="<!--">x</a><img src=x onerror=alert(1)>-->',
    names: ['a', 'a@href', 'a@rel', 'img', 'img@src'],
    reason: TAG_AS_TEXT,
  },
  { payload: '<p title="<!--">--><img src=x onerror=alert(1)></p>', names: ['p@title'], reason: TAG_AS_TEXT },
  { payload: '<p title="<!-- wp:paragraph {&quot;x&quot;:1} -->">x</p>', names: ['p@title'], reason: TAG_AS_TEXT },
  { payload: '<p title="<!-- wp:paragraph {"onmouseover=alert(1) x":1} -->">x</p>', names: ['p@title'], reason: TAG_AS_TEXT },
  { payload: '<a href="<!-- wp:x {"a":"javascript:alert(1)"} -->">x</a>', names: ['a', 'a@href', 'a@rel'], reason: TAG_AS_TEXT },
];

/**
 * The original's stored values in which `parse5` finds something live (payload index, role,
 * field), each with what it is: interesting, since it would be stored XSS in WordPress 6.1.
 * None in the recording of 2026-11-28 (an empty `<object></object>`, which kses leaves, loads nothing).
 */
export const ORIGINAL_LIVE: readonly {
  readonly payload: number;
  readonly role: string;
  readonly field: string;
  readonly what: string;
}[] = [];
