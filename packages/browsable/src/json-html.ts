/**
 * A JSON value written as indented HTML in which every URL is a link: the `href`s of
 * `_links`, and any string in the body that is an absolute `http(s)` URL. Long answers are
 * folded with `<details>`: the records of a list after the first three, the `_links` of the
 * records of a list, every `_embedded` part, and the `endpoints` of each of an index's
 * `routes` (a one-line preview shows what is folded; opening it shows the JSON).
 *
 * @module
 */
import { escapeHtml } from '@cms-json/core';

const URL_TEXT = /^https?:\/\/[^\s"<>]+$/i;

/** How many records of a list are shown open; the rest are folded. */
export const OPEN_RECORDS = 3;

function scalar(value: unknown): string {
  if (typeof value === 'string') {
    const quoted = escapeHtml(JSON.stringify(value));
    if (!URL_TEXT.test(value)) return `<span class="s">${quoted}</span>`;
    return `<span class="s">"<a href="${escapeHtml(value)}">${escapeHtml(JSON.stringify(value).slice(1, -1))}</a>"</span>`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return `<span class="n">${String(value)}</span>`;
  return '<span class="z">null</span>';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A record's name in a preview: its `title` (or `title.rendered`), `name` or `slug`. */
function recordName(record: Record<string, unknown>): string | undefined {
  for (const key of ['title', 'name', 'slug']) {
    const value = record[key];
    if (typeof value === 'string') return value;
    if (isRecord(value) && typeof value.rendered === 'string') return value.rendered;
  }
  return undefined;
}

const PREVIEW_LENGTH = 60;

/** The one-line preview of a folded value (after its opening bracket). */
function preview(value: unknown): string {
  if (Array.isArray(value)) return `… ${value.length} item${value.length === 1 ? '' : 's'} ]`;
  if (!isRecord(value)) return '';
  const parts: string[] = [];
  if (typeof value.id === 'number' || typeof value.id === 'string') parts.push(`"id": ${JSON.stringify(value.id)}`);
  const name = recordName(value);
  if (name !== undefined) {
    const short = name.length > PREVIEW_LENGTH ? `${name.slice(0, PREVIEW_LENGTH)}…` : name;
    parts.push(`"${'title' in value ? 'title' : 'name' in value ? 'name' : 'slug'}": ${JSON.stringify(short)}`);
  }
  if (parts.length === 0) {
    const keys = Object.keys(value);
    parts.push(keys.slice(0, 6).join(', '));
  }
  return `${parts.join(', ')} … }`;
}

/** One line of output, or a folded block (a `<details>`, which is a block of its own in the `<pre>`). */
type Piece = { readonly text: string; readonly fold: boolean };

/**
 * Joins pieces into lines: `\n` between plain lines, nothing next to a fold (a `<details>`
 * starts and ends its own lines; a newline there would show as an empty line).
 */
function join(pieces: readonly Piece[]): string {
  let out = '';
  pieces.forEach((piece, index) => {
    const previous = pieces[index - 1];
    if (previous !== undefined && !previous.fold && !piece.fold) out += '\n';
    out += piece.text;
  });
  return out;
}

/**
 * The pieces of one value at `indent`, its first line prefixed by `head` (the indent and the
 * key) and its last line followed by `tail` (a comma, or nothing); folded when `fold` is set.
 */
function pieces(
  value: unknown,
  indent: string,
  head: string,
  tail: string,
  fold: boolean,
  how: { readonly listed?: boolean; readonly routes?: boolean; readonly route?: boolean } = {},
): Piece[] {
  const inner = `${indent}  `;
  let open: string;
  let close: string;
  let children: Piece[][];
  if (Array.isArray(value) && value.length > 0) {
    open = '[';
    close = ']';
    const records = value.every(isRecord);
    const folding = records && value.length > OPEN_RECORDS + 1;
    children = value.map((item, index) =>
      pieces(item, inner, inner, index < value.length - 1 ? ',' : '', folding && index >= OPEN_RECORDS, {
        listed: records && value.length > 1,
      }),
    );
  } else if (isRecord(value) && Object.keys(value).length > 0) {
    open = '{';
    close = '}';
    const entries = Object.entries(value);
    children = entries.map(([key, item], index) =>
      pieces(
        item,
        inner,
        `${inner}<span class="k">${escapeHtml(JSON.stringify(key))}</span>: `,
        index < entries.length - 1 ? ',' : '',
        (key === '_embedded' || (how.listed === true && key === '_links') || (how.route === true && key === 'endpoints')) &&
          (isRecord(item) || Array.isArray(item)),
        { routes: indent === '' && key === 'routes', route: how.routes === true },
      ),
    );
  } else {
    const text = Array.isArray(value) ? '[]' : isRecord(value) ? '{}' : scalar(value);
    return [{ text: `${head}${text}${tail}`, fold: false }];
  }
  const body: Piece[] = [
    { text: `${head}${open}`, fold: false },
    ...children.flat(),
    { text: `${indent}${close}${tail}`, fold: false },
  ];
  if (!fold) return body;
  const summary = `${head}${open}<span class="hint"> ${escapeHtml(preview(value))}${tail}</span>`;
  return [
    {
      text: `<details class="fold"><summary>${summary}</summary>${join(body.slice(1))}</details>`,
      fold: true,
    },
  ];
}

/**
 * The HTML of a JSON value, indented by two spaces as `_pretty` would be. In a list of more
 * than four records, those after the third are folded (`<details class="fold">`, a preview
 * with the record's `id` and title); so are the `_links` of a list's records (a preview with
 * their relations), every `_embedded` part and the `endpoints` of each of an index's
 * `routes` (their arguments; the route's `methods` and `_links` stay in view).
 *
 * @example
 * ```ts
 * jsonToHtml({ href: 'https://example.com/' });
 * // '{\n  <span class="k">"href"</span>: <span class="s">"<a href="https://example.com/">https://example.com/</a>"</span>\n}'
 * ```
 */
export function jsonToHtml(value: unknown): string {
  return join(pieces(value, '', '', '', false));
}
