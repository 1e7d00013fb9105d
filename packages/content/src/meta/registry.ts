/**
 * The registered meta keys of a server: WordPress's `register_meta` for post meta (table
 * `post_meta`), term meta (table `term_meta`) and comment meta (table `comment_meta`). A
 * key registered with `showInRest` appears in the `meta` field of the records of its object
 * type (of one post type or taxonomy when it names a `subtype`; comments have the one
 * subtype `comment`), and is written through `meta` in create and update
 * bodies. Keys are registered before the server builds its routes (in a plugin's setup),
 * as post types and taxonomies are.
 *
 * @module
 */
import type { JsonSchema, ObjectTypeRegistry, Registrant, RestRequest, RestServer } from '@cms-json/core';
import { describeRegistrant, validateValue } from '@cms-json/core';
import { contentError } from '../errors.js';

/**
 * The objects that carry meta. Users carry the one key WordPress registers for them,
 * `persisted_preferences` (users/persisted-preferences.ts); other user keys cannot be registered yet.
 */
export type MetaObjectType = 'post' | 'term' | 'comment' | 'user';

/** The object types a key may be registered for. */
const OBJECT_TYPES: readonly string[] = ['post', 'term', 'comment'];

/** The types a meta value may have, as WordPress's `register_meta` accepts them. */
export type MetaValueType = 'string' | 'boolean' | 'integer' | 'number' | 'array' | 'object';

/**
 * What an `authCallback` is asked: may the caller write (or delete) this key of this object?
 *
 * @example
 * const onlyEditors = (check: MetaAuthCheck) => check.request.user?.can('edit_others_posts') === true;
 */
export interface MetaAuthCheck {
  /** The meta key. */
  readonly key: string;
  readonly objectType: MetaObjectType;
  /** The post type or taxonomy of the object (`comment` for a comment). */
  readonly subtype: string;
  /** The object's id; `undefined` on a create (the check runs before anything is stored). */
  readonly objectId: number | undefined;
  /** `update` to set values, `delete` when the body sends `null` (or `[]` for a non-single key). */
  readonly action: 'update' | 'delete';
  readonly request: RestRequest;
}

/**
 * How one key shows in REST: `true`, or the schema that replaces the default one (needed
 * for `array` keys: `{ items }`; objects list their `properties`) and a `prepare` that
 * replaces the default reading of a stored value.
 *
 * @example
 * const showInRest: MetaRestOptions = { schema: { items: { type: 'string' } } };
 */
export interface MetaRestOptions {
  /** Merged over `{ type, description, default }` (WordPress's `show_in_rest.schema`). */
  readonly schema?: JsonSchema | undefined;
  /** Turns a stored value (decoded) into the value of the record (WordPress's `prepare_callback`). */
  readonly prepare?: ((value: unknown, request: RestRequest, key: RestMetaKey) => unknown) | undefined;
}

/**
 * The options of a registered key (WordPress's `register_meta` arguments, camel-cased).
 *
 * @example
 * const options: MetaOptions = { type: 'integer', single: true, default: 0, showInRest: true, subtype: 'book' };
 */
export interface MetaOptions {
  /** The value's type. @default 'string' */
  readonly type?: MetaValueType | undefined;
  /** One value (`true`), or a list of values (`false`). @default false */
  readonly single?: boolean | undefined;
  /** The value read when none is stored; it must fit the type. */
  readonly default?: unknown;
  readonly description?: string | undefined;
  /**
   * Only the records of this post type (post meta) or taxonomy (term meta); comments have
   * the one subtype `comment`, so a comment key needs none.
   */
  readonly subtype?: string | undefined;
  /** Whether (and how) the key is in the records' `meta` field. @default false */
  readonly showInRest?: boolean | MetaRestOptions | undefined;
  /**
   * Whether the caller may write the key. Without one, keys starting with `_` (protected,
   * as WordPress's `is_protected_meta`) may not be written through REST, others may.
   */
  readonly authCallback?: ((check: MetaAuthCheck) => boolean | Promise<boolean>) | undefined;
  /** Cleans a value before it is stored (WordPress's `sanitize_callback`). */
  readonly sanitize?:
    | ((value: unknown, context: { key: string; objectType: MetaObjectType; subtype: string }) => unknown)
    | undefined;
}

/**
 * A key as REST sees it (WordPress's `get_registered_fields`): its name, whether it is
 * single, and the schema of its `meta` property (`{ type: 'array', items }` for a
 * non-single key).
 *
 * @example
 * const key: RestMetaKey = metaRegistry(server).restKeys('post', 'book')[0]!;
 */
export interface RestMetaKey {
  readonly name: string;
  readonly single: boolean;
  /** The type of one value (`items`' type for a non-single key). */
  readonly type: MetaValueType;
  readonly schema: JsonSchema;
  readonly options: MetaOptions;
}

const TYPES: readonly string[] = ['string', 'boolean', 'integer', 'number', 'array', 'object'];

/**
 * Whether WordPress treats a key as protected (its first printable character is `_`).
 *
 * @example
 * isProtectedMeta('_edit_lock'); // true
 */
export function isProtectedMeta(key: string): boolean {
  return key.replace(/[^\x20-\x7E\p{L}]/gu, '').startsWith('_');
}

/** The value a key reads as when nothing is stored and no default was given. */
export function emptyValueFor(type: string | undefined): unknown {
  switch (type) {
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return 0;
    case 'array':
    case 'object':
      return [];
    default:
      return null;
  }
}

/** `additionalProperties: false` on every object that does not say, as `rest_default_additional_properties_to_false`. */
export function closeObjects(schema: JsonSchema): JsonSchema {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const out: JsonSchema = { ...schema };
  if (types.includes('object')) {
    for (const map of ['properties', 'patternProperties'] as const) {
      const children = schema[map] as Record<string, JsonSchema> | undefined;
      if (children !== undefined) {
        out[map] = Object.fromEntries(Object.entries(children).map(([name, child]) => [name, closeObjects(child)]));
      }
    }
    if (out.additionalProperties === undefined) out.additionalProperties = false;
  }
  if (types.includes('array') && schema.items !== undefined) out.items = closeObjects(schema.items);
  return out;
}

/** The REST view of a key, or `undefined` when it is not shown in REST. */
function restKey(name: string, options: MetaOptions): RestMetaKey | undefined {
  if (options.showInRest === undefined || options.showInRest === false) return undefined;
  const rest = options.showInRest === true ? {} : options.showInRest;
  const declared = options.type ?? 'string';
  let schema: JsonSchema = {
    type: declared,
    description: options.description ?? '',
    default: options.default ?? null,
    ...rest.schema,
  };
  const type = typeof schema.type === 'string' && schema.type !== '' ? schema.type : declared;
  if (schema.default === null || schema.default === undefined) schema.default = emptyValueFor(type);
  schema = closeObjects(schema);
  if (!TYPES.includes(type)) return undefined;
  const single = options.single === true;
  if (!single) schema = { type: 'array', items: schema };
  return { name, single, type: type as MetaValueType, schema, options };
}

/**
 * The meta keys of one server, by object type and subtype.
 *
 * @example
 * metaRegistry(server).register('post', 'rating', { type: 'integer', single: true, showInRest: true });
 */
export class MetaRegistry {
  readonly #keys = new Map<MetaObjectType, Map<string, Map<string, MetaOptions>>>();
  /** The keys registered for one subtype, with who registered them: what {@link check} looks at. */
  readonly #ofSubtypes: { objectType: MetaObjectType; subtype: string; key: string; registrant: Registrant }[] = [];
  readonly #objectTypes: ObjectTypeRegistry | undefined;
  /** Whether the routes read the keys already (their schemas are built from them: a key registered after would be missing). */
  #read = false;

  /**
   * @param objectTypes The server's object types: who registers (for the start-up check's
   *   message) and which post types and taxonomies exist. Without them, subtypes are not checked.
   */
  constructor(objectTypes?: ObjectTypeRegistry) {
    this.#objectTypes = objectTypes;
  }

  /**
   * Refuses a key registered for a subtype that is no post type (`post`), taxonomy (`term`)
   * or `comment`: its `meta` would show nowhere. The server runs it when it builds its routes.
   *
   * @throws RestError `rest_invalid_registration` naming the plugin and the subtypes there are.
   */
  check(): void {
    const objectTypes = this.#objectTypes;
    if (objectTypes === undefined) return;
    for (const { objectType, subtype, key, registrant } of this.#ofSubtypes) {
      const kind = objectType === 'post' ? 'post type' : objectType === 'term' ? 'taxonomy' : 'comment type';
      const known =
        objectType === 'comment'
          ? ['comment']
          : objectTypes.declared(objectType === 'post' ? 'post_type' : 'taxonomy').map((type) => type.name);
      if (known.includes(subtype)) continue;
      throw contentError('rest_invalid_registration.meta_subtype', {
        params: { plugin: describeRegistrant(registrant), objectType, key, subtype, kind, known: known.join(', ') || 'none' },
      });
    }
  }

  /**
   * Registers a key of an object type (of one subtype when `options.subtype` is given).
   *
   * @throws Error for an unknown object type, an `array` key shown in REST without
   * `showInRest.schema.items`, or a `default` that does not fit the type (WordPress refuses these too).
   */
  register(objectType: MetaObjectType, key: string, options: MetaOptions = {}): this {
    if (this.#read) {
      throw new Error(
        `registerMeta(server, '${objectType}', '${key}'): the server built its routes already; register meta keys in a plugin, before server.ready() or the first request.`,
      );
    }
    if (!OBJECT_TYPES.includes(objectType)) {
      throw new Error(`Meta can be registered for "post", "term" and "comment", not "${String(objectType)}".`);
    }
    const rest = typeof options.showInRest === 'object' ? options.showInRest : undefined;
    if (options.showInRest !== undefined && options.showInRest !== false && options.type === 'array') {
      if (rest?.schema?.items === undefined) {
        throw new Error(`The array meta key "${key}" needs the schema of its items in showInRest.schema.items.`);
      }
    }
    if (options.default !== undefined) {
      const schema = { type: options.type ?? 'string', ...rest?.schema };
      if (validateValue(options.default, schema, key) !== undefined) {
        throw new Error(`The default of the meta key "${key}" does not fit its type.`);
      }
    }
    let bySubtype = this.#keys.get(objectType);
    if (bySubtype === undefined) this.#keys.set(objectType, (bySubtype = new Map()));
    const subtype = options.subtype ?? '';
    if (subtype !== '') this.#ofSubtypes.push({ objectType, subtype, key, registrant: this.#objectTypes?.registrant });
    let keys = bySubtype.get(subtype);
    if (keys === undefined) bySubtype.set(subtype, (keys = new Map()));
    keys.set(key, options);
    return this;
  }

  /** The options of a key for an object of this subtype (its own registration first), if registered. */
  get(objectType: MetaObjectType, subtype: string, key: string): MetaOptions | undefined {
    const bySubtype = this.#keys.get(objectType);
    return bySubtype?.get(subtype)?.get(key) ?? bySubtype?.get('')?.get(key);
  }

  /**
   * The keys shown in the `meta` field of this subtype's records, in registration order:
   * those of every subtype, then the subtype's own (which win over a same-named one).
   */
  restKeys(objectType: MetaObjectType, subtype: string): RestMetaKey[] {
    this.#read = true;
    const bySubtype = this.#keys.get(objectType);
    const merged = new Map<string, MetaOptions>(bySubtype?.get('') ?? []);
    if (subtype !== '') for (const [key, options] of bySubtype?.get(subtype) ?? []) merged.set(key, options);
    const keys: RestMetaKey[] = [];
    for (const [name, options] of merged) {
      const key = restKey(name, options);
      if (key !== undefined) keys.push(key);
    }
    return keys;
  }
}

declare module '@cms-json/core' {
  interface ServerExtensions {
    /** The server's registered meta keys (the content package's {@link metaRegistry}). */
    meta: MetaRegistry;
  }
}

/**
 * The meta registry of a server: a member of the server (`server.extension('meta', …)`),
 * made at first use.
 *
 * @example
 * metaRegistry(server).register('term', 'color', { type: 'string', single: true, showInRest: true, subtype: 'category' });
 */
export function metaRegistry(server: RestServer): MetaRegistry {
  return server.extension('meta', () => {
    const registry = new MetaRegistry(server.objectTypes);
    server.objectTypes.addCheck(() => registry.check());
    return registry;
  });
}

/**
 * Registers a meta key on a server, as WordPress's `register_meta`.
 *
 * @example
 * registerMeta(server, 'post', 'rating', { type: 'integer', single: true, showInRest: true });
 * registerMeta(server, 'post', 'tags_seen', { type: 'string', showInRest: true, subtype: 'book' });
 * registerMeta(server, 'comment', 'rating', { type: 'integer', single: true, showInRest: true });
 */
export function registerMeta(
  server: RestServer,
  objectType: MetaObjectType,
  key: string,
  options: MetaOptions = {},
): MetaRegistry {
  return metaRegistry(server).register(objectType, key, options);
}
