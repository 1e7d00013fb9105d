/**
 * What in an HTML page would run in a browser, found by parsing it as a browser does
 * (`parse5`, the WHATWG algorithm), not by matching text: `<script>` elements, event
 * handler attributes (`on…`), and `javascript:`, `vbscript:` or `data:` URLs in the
 * attributes that load or navigate. Templates' contents are searched too.
 */
import { type DefaultTreeAdapterMap, parse, parseFragment } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'srcdoc']);

/** One live thing in a page: where it is and what. */
export interface LiveFinding {
  readonly element: string;
  readonly what: string;
}

/**
 * The live things in `html` (a whole page, or a fragment with `{ fragment: true }`).
 *
 * @example
 * liveHtml('<p onclick="x()">a</p>', { fragment: true }); // [{ element: 'p', what: 'onclick' }]
 */
export function liveHtml(html: string, options: { fragment?: boolean } = {}): LiveFinding[] {
  const found: LiveFinding[] = [];
  const visit = (node: Node, depth: number) => {
    if (depth > 500) return;
    if ('tagName' in node) {
      if (node.tagName === 'script') found.push({ element: 'script', what: 'element' });
      for (const attribute of node.attrs) {
        const name = (attribute.prefix === undefined ? attribute.name : `${attribute.prefix}:${attribute.name}`).toLowerCase();
        if (name.startsWith('on')) found.push({ element: node.tagName, what: name });
        // The scheme as a browser reads it: control characters and white space removed.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop them from URLs
        const url = attribute.value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
        if (URL_ATTRIBUTES.has(name) && /^(?:javascript|vbscript|data):/.test(url)) {
          found.push({ element: node.tagName, what: `${name}=${attribute.value}` });
        }
      }
      if (node.tagName === 'template' && 'content' in node) visit(node.content as Node, depth + 1);
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child, depth + 1);
  };
  visit(options.fragment === true ? parseFragment(html) : parse(html), 0);
  return found;
}
