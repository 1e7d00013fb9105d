/**
 * A handler's result made the answer's records: registered fields added, each record
 * filtered by the requested context, given its route's links, and passed to its object
 * type's `prepare` hooks; a list (or a single record) sent as it is is written straight to
 * JSON text. The last step of a dispatch.
 *
 * @module
 */
import type { Links } from './links/link.js';
import type { CompiledRoute } from './namespace.js';
import type { ObjectTypeHooks } from './object-types/hooks.js';
import { hasMembers, isRecord, withMember } from './record.js';
import type { RestRequest } from './request.js';
import { RestResponse } from './response.js';
import type { ContextFilter } from './schema/context-filter.js';
import type { ServerContext } from './server-context.js';

/** Normalises a handler's result and prepares its records: fields, context filter, links, `prepare` hooks. */
export function prepare(
  value: unknown,
  route: CompiledRoute,
  args: Record<string, unknown>,
  options: { context: ServerContext; json: boolean; request: RestRequest },
): RestResponse | Promise<RestResponse> {
  const result = value instanceof RestResponse ? value : new RestResponse(value ?? null);
  if (result.raw || result.status >= 400) return result;
  const requested = result.context ?? (typeof args.context === 'string' ? args.context : 'view');
  const contextFilter = route.contextFilter;
  const preparation: Preparation = {
    context: options.context,
    request: options.request,
    filter: contextFilter?.needed(requested) === true ? contextFilter : undefined,
    requested,
    hooks: route.objectType?.hooks('prepare') ?? NO_HOOKS,
  };
  const data = result.data;
  // Registered fields may be async: their values are added first, to copies of the records.
  if (route.fields.length > 0 && (Array.isArray(data) || isRecord(data))) {
    return withFields(data, route.fields, options.request).then((records) =>
      prepareData(result, records, route, preparation, options.json),
    );
  }
  return prepareData(result, data, route, preparation, options.json);
}

function prepareData(
  result: RestResponse,
  data: unknown,
  route: CompiledRoute,
  preparation: Preparation,
  json: boolean,
): RestResponse | Promise<RestResponse> {
  const { context, filter, requested, hooks } = preparation;
  if (Array.isArray(data)) {
    if (hooks.length > 0) {
      return prepareListWithHooks(data, route, preparation).then((records) => {
        result.data = records;
        return result;
      });
    }
    const text = json ? writeList(data, route, preparation) : undefined;
    if (text === undefined) result.data = prepareList(data, route, preparation);
    else result.setJson(text, () => prepareList(data, route, preparation));
  } else if (isRecord(data)) {
    const prepared = filter !== undefined ? (filter.apply(data, requested) as Record<string, unknown>) : data;
    // Sent as it is, with no links of the handler's own: written at once, as a list's records
    // are; its links are made only if someone reads the data.
    if (json && hooks.length === 0 && !hasMembers(result.links)) {
      const text = writeRecord(prepared, data, route, preparation);
      if (text !== undefined) {
        result.setJson(text, () => {
          addRouteLinks(result, data, route, context);
          return prepared;
        });
        return result;
      }
    }
    addRouteLinks(result, data, route, context);
    if (hooks.length > 0) {
      return runHooks(prepared, data, result.links, preparation).then((record) => {
        result.data = record;
        return result;
      });
    }
    result.data = prepared;
  }
  return result;
}

/** Puts the route's links of a record first in the response's links. */
function addRouteLinks(
  result: RestResponse,
  record: Record<string, unknown>,
  route: CompiledRoute,
  context: ServerContext,
): void {
  if (route.links.length === 0) return;
  const links = route.linking.resolver(context.linkContext)(record);
  for (const [rel, list] of Object.entries(links)) (result.links[rel] ??= []).unshift(...list);
}

/** Copies of the records with each registered field's value added (the original's `add_additional_fields_to_object`). */
async function withFields(
  data: readonly unknown[] | Record<string, unknown>,
  fields: CompiledRoute['fields'],
  request: RestRequest,
): Promise<unknown> {
  const add = async (item: unknown): Promise<unknown> => {
    if (!isRecord(item)) return item;
    const values = await Promise.all(fields.map(([, field]) => field.get?.(item, request)));
    const record: Record<string, unknown> = { ...item };
    fields.forEach(([name], index) => {
      record[name] = values[index];
    });
    return record;
  };
  return Array.isArray(data) ? Promise.all(data.map(add)) : add(data);
}

/** The `prepare` hooks of the route's object type over one record, in order. */
async function runHooks(
  record: Record<string, unknown>,
  source: Record<string, unknown>,
  links: Links,
  preparation: Preparation,
): Promise<Record<string, unknown>> {
  let current = record;
  const event = { source, request: preparation.request, links, context: preparation.requested };
  for (const hook of preparation.hooks) current = await hook(current, event);
  return current;
}

/** How a response's records are prepared: the context filter, if any, the route's links, the hooks. */
interface Preparation {
  readonly context: ServerContext;
  readonly request: RestRequest;
  readonly filter: ContextFilter | undefined;
  readonly requested: string;
  readonly hooks: readonly ObjectTypeHooks['prepare'][];
}

const NO_HOOKS: readonly ObjectTypeHooks['prepare'][] = Object.freeze([]);

/** The records of a list, each filtered by context and given its `_links` (a copy: the handler's objects are never changed). */
function prepareList(items: readonly unknown[], route: CompiledRoute, preparation: Preparation): unknown[] {
  const { context, filter, requested } = preparation;
  const withLinks = route.links.length > 0;
  const resolve = route.linking.resolver(context.linkContext);
  // Registered relation names (`self`, `collection`) have nothing to compact: no CURIE pass.
  const compact = route.links.some((template) => template.rel.includes('://'));
  return items.map((item) => {
    const prepared = filter === undefined ? item : filter.apply(item, requested);
    if (!withLinks || !isRecord(prepared)) return prepared;
    const resolved = resolve(item as Record<string, unknown>);
    const links = compact ? context.curies.apply(resolved) : resolved;
    for (const _rel in links) {
      // A filtered record is already a copy; the handler's own object is never changed.
      if (prepared === item) return withMember(prepared, '_links', links);
      prepared._links = links;
      return prepared;
    }
    return prepared;
  });
}

/** The records of a list, prepared, then each given to the `prepare` hooks with its links. */
async function prepareListWithHooks(
  items: readonly unknown[],
  route: CompiledRoute,
  preparation: Preparation,
): Promise<unknown[]> {
  const { context, filter, requested } = preparation;
  const resolve = route.linking.resolver(context.linkContext);
  return Promise.all(
    items.map(async (item) => {
      if (!isRecord(item)) return item;
      const prepared = filter === undefined ? { ...item } : (filter.apply(item, requested) as Record<string, unknown>);
      const links = resolve(item);
      const record = await runHooks(prepared, item, links, preparation);
      const compacted = context.curies.apply(links);
      for (const _rel in compacted) return withMember(record, '_links', compacted);
      return record;
    }),
  );
}

const NO_LINKS = () => '';

/**
 * The JSON text of a prepared record with its route's links (as `linkedData` would add them
 * to a response with no other links), written without preparing it; `undefined` when it
 * cannot be.
 */
function writeRecord(
  prepared: Record<string, unknown>,
  source: Record<string, unknown>,
  route: CompiledRoute,
  preparation: Preparation,
): string | undefined {
  const { context } = preparation;
  const links = route.links.length === 0 ? NO_LINKS : route.linking.writer(context.linkContext, context.curies);
  if (links === undefined) return undefined;
  return route.listWriter.writeRecord(prepared, links(source));
}

/** The JSON text of the prepared list, written without preparing it; `undefined` when it cannot be. */
function writeList(items: readonly unknown[], route: CompiledRoute, preparation: Preparation): string | undefined {
  const { context, filter, requested } = preparation;
  const links = route.links.length === 0 ? NO_LINKS : route.linking.writer(context.linkContext, context.curies);
  if (links === undefined) return undefined;
  if (filter === undefined) return route.listWriter.write(items, { links });
  const records = items.map((item) => filter.apply(item, requested));
  return route.listWriter.write(records, { links, sources: items });
}
