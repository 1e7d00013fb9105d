/**
 * Forms made from a route's declaration, for the methods the caller may use (from `Allow`):
 * one form per write endpoint (`POST`, `PUT`/`PATCH`) with an input per argument, typed
 * from the argument's schema, and a button for `DELETE`. The page's script sends them as
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

function input(arg: CompiledArg): string {
  const schema = arg.json;
  const name = escapeHtml(arg.name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
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
  } else {
    const kind = schema.format === 'email' ? 'email' : 'text';
    control = `<input type="${kind}" name="${name}" data-type="string"${required}>`;
  }
  return `<label>${label}${control}${described}</label>`;
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
    const inputs = endpoint.args
      .filter((arg) => !HIDDEN_ARGS.has(arg.name) && !route.pattern.paramNames.includes(arg.name))
      .map(input);
    const title = method === 'DELETE' ? 'Delete' : method === 'POST' && collection ? 'Create' : 'Update';
    forms.push(
      `<form class="endpoint" data-method="${method}" data-url="${escapeHtml(url)}"><h3>${title} <code>${methods.join(', ')}</code></h3>${inputs.join('')}<button type="submit">${title}</button></form>`,
    );
  }
  return forms.join('\n');
}
