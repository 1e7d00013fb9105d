/**
 * Forms made from a route's declaration, for the methods the caller may use (from `Allow`):
 * one form per write endpoint (`POST`, `PUT`/`PATCH`) with an input per argument, typed
 * from the argument's schema (a multi-line box for content-like text, a password input for
 * passwords), the important arguments first and the rest under "More fields", and a button
 * for `DELETE`. The page's script sends them as
 * JSON with the nonce of the cookie session.
 *
 * @module
 */
import { type CompiledEndpoint, type CompiledRoute, escapeHtml, type HttpMethod } from '@cms-json/core';

/** One argument of an endpoint, as the core compiled it. */
type CompiledArg = CompiledEndpoint['args'][number];

/** Arguments a form never shows: the path's own and the response's shape. */
const HIDDEN_ARGS = new Set(['context', '_fields', '_embed']);

const PAGING_ARGS = new Set(['page', 'per_page', 'offset']);

/**
 * Whether a route is a collection (its `POST` creates): its key ends in literal text (not in
 * a path parameter), and it pages or has a create-only `POST` endpoint. The same rule names
 * `@cms-json/openapi`'s operations (`createNote`, `updateNote`).
 */
function isCollection(route: CompiledRoute): boolean {
  if (/\)$/.test(route.key) || route.key === '/') return false;
  return route.endpoints.some(
    (endpoint) =>
      (endpoint.methods.includes('GET') && endpoint.args.some((arg) => PAGING_ARGS.has(arg.name))) ||
      (endpoint.methods.length === 1 && endpoint.methods[0] === 'POST'),
  );
}

/**
 * The arguments a form shows first, in this order: what a person writes (title, content…),
 * then the status and the link. Required arguments are shown first too; the others follow
 * under "More fields" when there are more than {@link OPEN_OTHERS} of them.
 */
const PRIMARY_ARGS = [
  'title',
  'name',
  'username',
  'email',
  'content',
  'excerpt',
  'caption',
  'description',
  'alt_text',
  'status',
  'link',
] as const;

/** How many other arguments are shown without folding them under "More fields". */
const OPEN_OTHERS = 3;

/** Arguments edited as several lines of text. */
const LONG_TEXT_ARGS = new Set(['content', 'excerpt', 'caption', 'description']);

/** The JSON Schema of one argument, as the core compiled it. */
type ArgSchema = CompiledArg['json'];

/** Whether a schema accepts a plain string: `type: 'string'`, or a `string` member of `anyOf`/`oneOf` (`title`, `content` as a string or `{ raw }`). */
function acceptsString(schema: ArgSchema): boolean {
  const members = [...(Array.isArray(schema.anyOf) ? schema.anyOf : []), ...(Array.isArray(schema.oneOf) ? schema.oneOf : [])];
  return members.some((member) => typeof member === 'object' && member !== null && 'type' in member && member.type === 'string');
}

/** Whether an argument is HTML or long text: `content`, `excerpt`, `description`, `caption`, or `format: 'html'`. */
function isLongText(name: string, schema: ArgSchema): boolean {
  return LONG_TEXT_ARGS.has(name) || schema.format === 'html';
}

function input(arg: CompiledArg): string {
  const schema = arg.json;
  const name = escapeHtml(arg.name);
  const declared = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const type = declared === undefined && acceptsString(schema) ? 'string' : declared;
  const required = arg.required ? ' required' : '';
  const described = typeof schema.description === 'string' ? `<small>${escapeHtml(schema.description)}</small>` : '';
  const label = `<span>${name}${arg.required ? ' *' : ''}</span>`;
  let control: string;
  if (Array.isArray(schema.enum)) {
    const options = schema.enum.map(
      (value) => `<option value="${escapeHtml(String(value))}">${escapeHtml(String(value))}</option>`,
    );
    control = `<select name="${name}" data-type="${escapeHtml(String(type ?? 'string'))}"${required}>${arg.required ? '' : '<option value=""></option>'}${options.join('')}</select>`;
  } else if (type === 'boolean') {
    control = `<select name="${name}" data-type="boolean"${required}>${arg.required ? '' : '<option value=""></option>'}<option value="true">true</option><option value="false">false</option></select>`;
  } else if (type === 'integer' || type === 'number') {
    control = `<input type="number" step="${type === 'integer' ? '1' : 'any'}" name="${name}" data-type="${type}"${required}>`;
  } else if (type === 'object' || (type === undefined && schema.properties !== undefined)) {
    control = `<textarea name="${name}" data-type="object" rows="3" placeholder="{}"${required}></textarea>`;
  } else if (type === 'array') {
    control = `<input type="text" name="${name}" data-type="array" placeholder="a, b, c"${required}>`;
  } else if ((type === 'string' || type === undefined) && isLongText(arg.name, schema)) {
    control = `<textarea name="${name}" data-type="string" rows="${arg.name === 'content' ? 10 : 4}"${required}></textarea>`;
  } else if ((type === 'string' || type === undefined) && (arg.name === 'password' || schema.format === 'password')) {
    control = `<input type="password" name="${name}" data-type="string" autocomplete="new-password"${required}>`;
  } else if (type === undefined && arg.name === 'meta') {
    control = `<textarea name="${name}" data-type="object" rows="3" placeholder="{}"${required}></textarea>`;
  } else {
    const kind = schema.format === 'email' ? 'email' : 'text';
    control = `<input type="${kind}" name="${name}" data-type="string"${required}>`;
  }
  return `<label>${label}${control}${described}</label>`;
}

/** Where an argument comes in the form: the primary ones in their order, then required ones, then the rest as declared. */
function rank(arg: CompiledArg): number {
  const primary = (PRIMARY_ARGS as readonly string[]).indexOf(arg.name);
  if (primary >= 0) return primary;
  return arg.required ? PRIMARY_ARGS.length : PRIMARY_ARGS.length + 1;
}

/** The inputs of an endpoint's arguments, the important first, the others folded when there are many. */
function inputs(args: readonly CompiledArg[]): string {
  const ordered = args
    .map((arg, index) => ({ arg, index, rank: rank(arg) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  const first = ordered.filter((entry) => entry.rank <= PRIMARY_ARGS.length);
  const others = ordered.filter((entry) => entry.rank > PRIMARY_ARGS.length);
  if (others.length <= OPEN_OTHERS) return ordered.map((entry) => input(entry.arg)).join('');
  return `${first.map((entry) => input(entry.arg)).join('')}<details class="more-fields"><summary>More fields (${others.length})</summary>${others.map((entry) => input(entry.arg)).join('')}</details>`;
}

/**
 * The forms of a route for the allowed methods, `url` being the request's URL without query.
 *
 * @example
 * ```ts
 * routeForms(route, new Set(['GET', 'POST']), 'https://example.com/cms-json/tel/v1/outgoing-links');
 * // '<form class="endpoint" data-method="POST" data-url="…"><h3>POST</h3><label>…'
 * ```
 */
export function routeForms(route: CompiledRoute, allowed: ReadonlySet<string>, url: string): string {
  const collection = isCollection(route);
  const shown = new Set<HttpMethod>();
  const forms: string[] = [];
  for (const endpoint of route.endpoints) {
    const methods = endpoint.methods.filter((method) => method !== 'GET' && allowed.has(method) && !shown.has(method));
    const method = methods[0];
    if (method === undefined) continue;
    for (const m of endpoint.methods) shown.add(m);
    const shownArgs = endpoint.args.filter((arg) => !HIDDEN_ARGS.has(arg.name) && !route.pattern.paramNames.includes(arg.name));
    const title = method === 'DELETE' ? 'Delete' : method === 'POST' && collection ? 'Create' : 'Update';
    forms.push(
      `<form class="endpoint" data-method="${method}" data-url="${escapeHtml(url)}"><h3>${title} <code>${methods.join(', ')}</code></h3>${inputs(shownArgs)}<button type="submit">${title}</button></form>`,
    );
  }
  return forms.join('\n');
}
