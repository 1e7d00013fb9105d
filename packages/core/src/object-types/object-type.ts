/**
 * An object type (`user`, `post`, `page`, a custom type, `term`, `comment`): the name a
 * route's records are known by, and what extensions add to every record of it: fields,
 * links and hooks. A plugin extends another package's records through it, never by
 * registering that package's routes again.
 *
 * @module
 */
import type { z } from 'zod';
import type { LinkTemplate } from '../links/link.js';
import type { Registrant } from '../plugin-scope.js';
import type { RestRequest } from '../request.js';
import { checkedField, type FieldValueReporting } from './field-value-check.js';
import type {
  ActionName,
  AnyRecord,
  AnyRecordTypes,
  FilterName,
  HookName,
  ObjectTypeHooks,
  RecordTypes,
  WrittenRecord,
} from './hooks.js';
import type { RestField } from './rest-field.js';

/**
 * Ids of the users whose content is published: who anonymous visitors may see under `/users`.
 * With `among`, only those of these ids need be answered (one check of the authors a page
 * embeds, not a scan of every record); a provider may ignore it and answer them all.
 */
export type AuthorsProvider = (options?: { readonly among?: readonly number[] }) => Promise<readonly number[]>;

/** What an object type is told by its registry: when to rebuild, who registers, how field values are checked. */
export interface ObjectTypeOptions {
  /** Called when what shapes the routes changes (fields, links, `collectionParams`). */
  readonly changed?: () => void;
  /** The plugin registering now (the server's `server.use`). */
  readonly registrant?: () => Registrant;
  /** How a field value its schema refuses is handled; without it, field values are not checked. */
  readonly fieldValues?: FieldValueReporting;
}

/** A field or link with the plugin that registered it. */
export interface Registered<T> {
  readonly value: T;
  readonly registrant: Registrant;
}

/**
 * The extensions of one object type. Get it with `server.objectTypes.get(name)`; fields,
 * links and `collectionParams` take effect when the routes are built (before the first
 * request, or at the next one after a change), the other hooks at once. Its hooks and fields
 * see the record types the type's package described in {@link ObjectTypeRecords}.
 *
 * @example
 * ```ts
 * server.objectTypes
 *   .get('user')
 *   .addLink({ rel: 'https://api.example.com/ratings', href: '/ratings/v1/users/:id', embeddable: true })
 *   .on('prepare', (record) => ({ ...record, shown_at: Date.now() }));
 * ```
 */
export class ObjectType<TTypes extends RecordTypes = AnyRecordTypes> {
  readonly #fields = new Map<string, RestField<RecordTypes>>();
  readonly #fieldRegistrants = new Map<string, Registrant>();
  readonly #links: LinkTemplate[] = [];
  readonly #linkRegistrants: Registrant[] = [];
  readonly #hooks = new Map<HookName, unknown[]>();
  readonly #authors: AuthorsProvider[] = [];
  readonly #changed: () => void;
  readonly #options: ObjectTypeOptions;

  /**
   * @param name The type's name (`user`, `post`, `book`).
   * @param options What the registry tells it ({@link ObjectTypeOptions}).
   */
  constructor(
    readonly name: string,
    options: ObjectTypeOptions = {},
  ) {
    this.#changed = options.changed ?? (() => undefined);
    this.#options = options;
  }

  /**
   * Adds a field to every record of this type; a second field of one name replaces the
   * first. With a schema, the value its `get` returns is checked against it (see
   * `validateFields` of `createRestServer`).
   */
  registerField<TSchema extends z.ZodType>(name: string, field: RestField<TTypes, TSchema>): this {
    if (typeof name !== 'string' || name === '' || name === '_links' || name === '_embedded') {
      throw new Error(`registerRestField: "${String(name)}" cannot name a field of ${this.name}.`);
    }
    const registrant = this.#options.registrant?.();
    const reporting = this.#options.fieldValues;
    this.#fields.set(
      name,
      reporting === undefined ? field : checkedField(field, { type: this.name, name, registrant }, reporting),
    );
    this.#fieldRegistrants.set(name, registrant);
    this.#changed();
    return this;
  }

  /** Adds a link to every record of this type (after the route's own links). */
  addLink(template: LinkTemplate): this {
    this.#links.push(template);
    this.#linkRegistrants.push(this.#options.registrant?.());
    this.#changed();
    return this;
  }

  /** The registered fields, each with the plugin that registered it: what the start-up checks name. */
  registeredFields(): Registered<string>[] {
    return [...this.#fieldRegistrants].map(([value, registrant]) => ({ value, registrant }));
  }

  /** The added links, each with the plugin that added it. */
  registeredLinks(): Registered<LinkTemplate>[] {
    return this.#links.map((value, index) => ({ value, registrant: this.#linkRegistrants[index] }));
  }

  /** Adds a hook; hooks of one name run in the order they were added. */
  on<K extends HookName>(hook: K, callback: ObjectTypeHooks<TTypes>[K]): this {
    const list = this.#hooks.get(hook);
    if (list === undefined) this.#hooks.set(hook, [callback]);
    else list.push(callback);
    if (hook === 'collectionParams') this.#changed();
    return this;
  }

  /** Says which users have published records of this type (they are shown to anyone under `/users`). */
  provideAuthors(provider: AuthorsProvider): this {
    this.#authors.push(provider);
    return this;
  }

  /** The registered fields, by name. */
  get fields(): ReadonlyMap<string, RestField<RecordTypes>> {
    return this.#fields;
  }

  /** The links added to this type's records. */
  get links(): readonly LinkTemplate[] {
    return this.#links;
  }

  /** Whether this type has records with authors. */
  get hasAuthors(): boolean {
    return this.#authors.length > 0;
  }

  /** The hooks of one name, in order. */
  hooks<K extends HookName>(hook: K): readonly ObjectTypeHooks<TTypes>[K][] {
    return (this.#hooks.get(hook) ?? NONE) as readonly ObjectTypeHooks<TTypes>[K][];
  }

  /**
   * Runs a filter hook over a value: each callback gets what the one before returned. The
   * answer has the value's type: filters return the value they were given, changed or not.
   *
   * @example
   * ```ts
   * const query = await type.filter('query', { search, limit }, { request });
   * ```
   */
  async filter<K extends FilterName, TValue extends Parameters<ObjectTypeHooks<TTypes>[K]>[0]>(
    hook: K,
    value: TValue,
    event: Parameters<ObjectTypeHooks<TTypes>[K]>[1],
  ): Promise<TValue> {
    let current: unknown = value;
    for (const callback of this.#callbacks(hook)) current = await callback(current, event);
    return current as TValue;
  }

  /** The hooks of one name, as the runner calls them (each was checked against its signature by {@link on}). */
  #callbacks(hook: HookName): readonly ((value: unknown, event: unknown) => unknown)[] {
    return (this.#hooks.get(hook) ?? NONE) as readonly ((value: unknown, event: unknown) => unknown)[];
  }

  /** Runs an action hook: every callback, in order. */
  async emit<K extends ActionName>(
    hook: K,
    record: Parameters<ObjectTypeHooks<TTypes>[K]>[0],
    event: Parameters<ObjectTypeHooks<TTypes>[K]>[1],
  ): Promise<void> {
    for (const callback of this.#callbacks(hook)) await callback(record, event);
  }

  /**
   * Writes the registered fields a create or an update sent, through their `update`
   * (the original's `update_additional_fields_for_object`). A controller calls it after
   * storing the record and before `afterInsert`. The first error stops the rest and is the
   * request's answer.
   *
   * @param args The endpoint's parsed arguments: each field's value, checked by its schema.
   */
  async updateFields(
    record: WrittenRecord<TTypes>,
    args: Readonly<Record<string, unknown>>,
    request: RestRequest,
  ): Promise<void> {
    for (const [name, field] of this.#fields) {
      if (field.update === undefined || !request.hasParam(name)) continue;
      await field.update(args[name], record, request);
    }
  }

  /**
   * A copy of the record with every registered field's value added (the original's
   * `add_additional_fields_to_object`), for data the pipeline does not prepare: a delete's
   * `previous`, read before the record is gone.
   *
   * @example
   * const previous = await type.withFields(record, request);
   * return response({ deleted: true, previous }, { raw: true });
   */
  async withFields(record: TTypes['record'], request: RestRequest): Promise<TTypes['record'] & AnyRecord> {
    const added: AnyRecord = {};
    for (const [name, field] of this.#fields) {
      if (field.get !== undefined) added[name] = await field.get(record, request);
    }
    return { ...record, ...added };
  }

  /** The ids of the users who have published records of this type (with `among`: those of these ids, at least). */
  async authors(options: { readonly among?: readonly number[] } = {}): Promise<readonly number[]> {
    const lists = await Promise.all(this.#authors.map((provider) => provider(options)));
    return lists.flat();
  }
}

const NONE: readonly never[] = Object.freeze([]);
