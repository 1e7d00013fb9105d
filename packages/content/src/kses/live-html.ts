/**
 * The second parser: HTML parsed with `parse5` (the WHATWG algorithm, as a browser parses it,
 * entities decoded the browser's way), then walked for what would run or navigate to script:
 * `<script>` (in any namespace), frames and plugins (`<iframe>`, `<frame>`, `<object>`,
 * `<embed>`, `<applet>`, when they have something to load), event handler attributes (`on*`), `javascript:`, `vbscript:` and
 * `data:` URLs in the attributes a browser follows (`srcset` entries included), SVG
 * animations that set a link or a handler, CSS that runs script (`expression(`,
 * `url(javascript:…)`, `-moz-binding`, `behavior`), `<meta http-equiv=refresh>`,
 * `<base href>` and `<form action>`. The text is parsed twice, as a whole document and as
 * the content of a `<body>`, and a finding in either counts.
 *
 * The write filter's last defence (`filter.ts`) and the payload suite's judge.
 *
 * @module
 */
import { type DefaultTreeAdapterTypes, parse, parseFragment } from 'parse5';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type Element = DefaultTreeAdapterTypes.Element;

/** One thing in the HTML that would run script (or send the reader away) in a browser. */
export interface LiveHtmlFinding {
  readonly kind: 'element' | 'handler' | 'url' | 'style' | 'animation';
  /** The element's name, in its namespace's spelling (`script`, `svg:animate`). */
  readonly element: string;
  readonly attribute?: string | undefined;
  readonly value?: string | undefined;
}

/** Options of {@link findLiveHtml}. */
export interface LiveHtmlOptions {
  /** Frames that are expected (the oEmbed `html`'s own sandboxed `<iframe>`). @default none */
  readonly allowFrame?: ((element: { name: string; attributes: Readonly<Record<string, string>> }) => boolean) | undefined;
}

const SCHEMES = new Set(['javascript', 'vbscript', 'data']);

/** Attributes whose value a browser loads or follows as a URL. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'background',
  'data',
  'codebase',
  'cite',
  'longdesc',
  'usemap',
  'lowsrc',
  'dynsrc',
  'ping',
  'manifest',
  'icon',
  'profile',
  'archive',
  'classid',
  'itemtype',
  'to',
  'from',
  'values',
  'by',
]);

const SRCSET_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);
const FRAMES = new Set(['iframe', 'frame', 'frameset', 'object', 'embed', 'applet']);
/** What makes a frame or plugin load something (an empty `<object></object>` loads nothing). */
const FRAME_SOURCES = ['src', 'srcdoc', 'data', 'code', 'codebase', 'classid', 'archive'];
const ANIMATIONS = new Set(['animate', 'set', 'animatemotion', 'animatetransform', 'animatecolor']);
const NAMESPACE_PREFIX: Readonly<Record<string, string>> = {
  'http://www.w3.org/2000/svg': 'svg:',
  'http://www.w3.org/1998/Math/MathML': 'math:',
};

/**
 * The scheme a browser's URL parser finds: leading and trailing C0 controls and spaces
 * trimmed, tabs and newlines removed anywhere, then the letters before `:`.
 */
export function urlScheme(value: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the URL standard's C0 control set
  const trimmed = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  return /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(trimmed)?.[1]?.toLowerCase();
}

/** CSS as a browser reads it for these checks: escapes decoded, comments and spaces gone, lower case. */
function normalCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) =>
      String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd),
    )
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** Whether CSS could run script or load a script URL. */
function dangerousCss(css: string): boolean {
  const normal = normalCss(css);
  if (/expression\(|-moz-binding|behavior:|javascript:|vbscript:/.test(normal)) return true;
  return /url\(['"]?data:/.test(normal) || /@import/.test(normal);
}

/** Every URL of a `srcset`: the first word of each comma-separated entry. */
function srcsetUrls(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim().split(/\s+/)[0] ?? '')
    .filter((url) => url !== '');
}

function check(element: Element, options: LiveHtmlOptions, findings: LiveHtmlFinding[]): void {
  const name = element.tagName.toLowerCase();
  const shown = `${NAMESPACE_PREFIX[element.namespaceURI] ?? ''}${name}`;
  const attributes: Record<string, string> = {};
  for (const attribute of element.attrs) {
    const attributeName = `${attribute.prefix === undefined || attribute.prefix === '' ? '' : `${attribute.prefix}:`}${attribute.name}`;
    attributes[attributeName.toLowerCase()] = attribute.value;
  }
  if (name === 'script') findings.push({ kind: 'element', element: shown });
  const loads = FRAME_SOURCES.some((source) => attributes[source] !== undefined);
  if (FRAMES.has(name) && loads && !(options.allowFrame?.({ name, attributes }) ?? false)) {
    findings.push({ kind: 'element', element: shown });
  }
  if (name === 'base' && attributes.href !== undefined) findings.push({ kind: 'element', element: shown, attribute: 'href' });
  if (name === 'form' && attributes.action !== undefined) findings.push({ kind: 'element', element: shown, attribute: 'action' });
  if (name === 'meta' && attributes['http-equiv']?.trim().toLowerCase() === 'refresh') {
    findings.push({ kind: 'element', element: shown, attribute: 'http-equiv', value: attributes.content });
  }
  if (name === 'style' && dangerousCss(element.childNodes.map((node) => ('value' in node ? node.value : '')).join(''))) {
    findings.push({ kind: 'style', element: shown });
  }
  if (ANIMATIONS.has(name)) {
    const target = attributes.attributename?.trim().toLowerCase() ?? '';
    if (target.startsWith('on') || target === 'href' || target === 'xlink:href') {
      findings.push({ kind: 'animation', element: shown, attribute: 'attributename', value: target });
    }
  }
  for (const [attribute, value] of Object.entries(attributes)) {
    if (attribute.startsWith('on')) findings.push({ kind: 'handler', element: shown, attribute, value });
    else if (attribute === 'style' && dangerousCss(value)) findings.push({ kind: 'style', element: shown, attribute, value });
    else {
      const urls = SRCSET_ATTRIBUTES.has(attribute)
        ? srcsetUrls(value)
        : URL_ATTRIBUTES.has(attribute) || attribute.endsWith(':href')
          ? attribute === 'values'
            ? value.split(';')
            : [value]
          : [];
      for (const url of urls) {
        const scheme = urlScheme(url);
        if (scheme !== undefined && SCHEMES.has(scheme)) findings.push({ kind: 'url', element: shown, attribute, value });
      }
    }
  }
}

function walk(node: ParentNode, options: LiveHtmlOptions, findings: LiveHtmlFinding[]): void {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    check(child, options, findings);
    walk(child, options, findings);
    if ('content' in child) walk(child.content, options, findings);
  }
}

/**
 * What in this HTML would run script in a browser; `[]` when nothing.
 *
 * @example
 * findLiveHtml('<p>Hi</p>'); // []
 * findLiveHtml('<img src=x onerror=alert(1)>'); // [{ kind: 'handler', element: 'img', attribute: 'onerror', value: 'alert(1)' }]
 */
export function findLiveHtml(html: string, options: LiveHtmlOptions = {}): LiveHtmlFinding[] {
  const document = parse(html);
  const findings: LiveHtmlFinding[] = [];
  walk(document, options, findings);
  const html5 = document.childNodes.find((node): node is Element => 'tagName' in node && node.tagName === 'html');
  const body = html5?.childNodes.find((node): node is Element => 'tagName' in node && node.tagName === 'body');
  if (body !== undefined) {
    const inBody: LiveHtmlFinding[] = [];
    walk(parseFragment(body, html, {}), options, inBody);
    const seen = new Set(findings.map((finding) => JSON.stringify(finding)));
    for (const finding of inBody) if (!seen.has(JSON.stringify(finding))) findings.push(finding);
  }
  return findings;
}

/**
 * The element and attribute names (`a`, `a@href`, `svg:a@xlink:href`) and URL schemes
 * (`scheme:https`) of some HTML, as `parse5` reads it: what the comparison with the
 * original's stored values counts.
 *
 * @example
 * htmlVocabulary('<a href="https://x">y</a>'); // Set { 'a', 'a@href', 'scheme:https' }
 */
export function htmlVocabulary(html: string): Set<string> {
  const names = new Set<string>();
  if (html === '') return names;
  const visit = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      const element = `${NAMESPACE_PREFIX[child.namespaceURI] ?? ''}${child.tagName.toLowerCase()}`;
      names.add(element);
      for (const attribute of child.attrs) {
        const name = `${attribute.prefix ? `${attribute.prefix}:` : ''}${attribute.name}`.toLowerCase();
        names.add(`${element}@${name}`);
        if (URL_ATTRIBUTES.has(name) || name.endsWith(':href')) {
          const scheme = urlScheme(attribute.value);
          if (scheme !== undefined) names.add(`scheme:${scheme}`);
        }
      }
      visit(child);
      if ('content' in child) visit(child.content);
    }
  };
  const document = parse('');
  const html5 = document.childNodes.find((node): node is Element => 'tagName' in node && node.tagName === 'html');
  const body = html5?.childNodes.find((node): node is Element => 'tagName' in node && node.tagName === 'body');
  visit(parseFragment(body ?? null, html, {}));
  return names;
}
