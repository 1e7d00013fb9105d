/**
 * A JSON value written as indented HTML in which every URL is a link: the `href`s of
 * `_links`, and any string in the body that is an absolute `http(s)` URL.
 *
 * @module
 */
import { escapeHtml } from '@cms-json/core';

const URL_TEXT = /^https?:\/\/[^\s"<>]+$/i;

function scalar(value: unknown): string {
  if (typeof value === 'string') {
    const quoted = escapeHtml(JSON.stringify(value));
    if (!URL_TEXT.test(value)) return `<span class="s">${quoted}</span>`;
    return `<span class="s">"<a href="${escapeHtml(value)}">${escapeHtml(JSON.stringify(value).slice(1, -1))}</a>"</span>`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return `<span class="n">${String(value)}</span>`;
  return '<span class="z">null</span>';
}

/**
 * The HTML of a JSON value, indented by two spaces as `_pretty` would be.
 *
 * @example
 * ```ts
 * jsonToHtml({ href: 'https://example.com/' });
 * // '{\n  <span class="k">"href"</span>: <span class="s">"<a href="https://example.com/">https://example.com/</a>"</span>\n}'
 * ```
 */
export function jsonToHtml(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = `${indent}  `;
    return `[\n${value.map((item) => inner + jsonToHtml(item, inner)).join(',\n')}\n${indent}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    const lines = entries.map(
      ([key, item]) => `${inner}<span class="k">${escapeHtml(JSON.stringify(key))}</span>: ${jsonToHtml(item, inner)}`,
    );
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return scalar(value);
}
