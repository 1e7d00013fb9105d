/**
 * The object types of a server, and the types whose routes are built from registration
 * arguments (post types, taxonomies). Such a type is declared with its arguments and how
 * to build its routes; extensions may change the arguments of any type of a kind
 * (`register_post_type_args`), for example to switch its REST exposure on. The routes are
 * built once, when the server builds its routes (before the first request): so every
 * plugin has had its say, whatever the order they were used in.
 *
 * @module
 */
import { coreError } from '../errors.js';
import { describeRegistrant, type Registrant } from '../plugin-scope.js';
import type { Route } from '../route.js';
import type { FieldValueReporting } from './field-value-check.js';
import type { RecordTypes, RecordTypesOf } from './hooks.js';
import { type AuthorsProvider, ObjectType } from './object-type.js';

/** A type whose routes come from its registration arguments. */
export interface TypeDeclaration<TArgs extends object = Record<string, unknown>> {
  /** The kind of type: `post_type`, `taxonomy`; argument filters are per kind. */
  readonly kind: string;
  /** The type's name (`book`, `genre`). */
  readonly name: string;
  /** The registration arguments, before the filters. */
  readonly args: TArgs;
  /**
   * The type's routes, from its filtered arguments; `undefined` when it has none (REST
   * exposure off).
   */
  // A method: a declaration of any arguments is kept with the others (bivariant parameters).
  routes(args: TArgs): { namespace: string; routes: readonly Route[] } | undefined;
}

/** Changes the registration arguments of a type of one kind; returns the arguments to use. */
export type ArgsFilter<TArgs extends object = Record<string, unknown>> = (args: TArgs, name: string) => TArgs;

/** Routes built from the declarations, to register. */
export interface BuiltRoutes {
  readonly namespace: string;
  readonly routes: readonly Route[];
  /** The plugin that declared the type: the routes are its. */
  readonly registrant: Registrant;
}

/** A declared type: its kind, its name, and the plugin that declared it. */
export interface DeclaredType {
  readonly kind: string;
  readonly name: string;
  readonly registrant: Registrant;
}

/** What a registry is told by its server, besides when to rebuild. */
export interface ObjectTypeRegistryOptions {
  /** The plugin registering now (`server.use`): registrations remember it for the start-up checks. */
  readonly registrant?: () => Registrant;
  /** How field values are checked against their schemas; without it they are not. */
  readonly fieldValues?: FieldValueReporting;
}

/**
 * A check of registrations that runs when the server builds its routes (`server.ready()`):
 * it throws a `rest_invalid_registration` error naming the plugin and the fix.
 */
export type RegistrationCheck = () => void;

/**
 * The object types of one server: `server.objectTypes`.
 *
 * @example
 * ```ts
 * // An extension switches REST exposure on for a type another package declared:
 * server.objectTypes.filterArgs('post_type', (args, name) => (name === 'book' ? { ...args, showInRest: true } : args));
 * ```
 */
export class ObjectTypeRegistry {
  readonly #types = new Map<string, ObjectType>();
  readonly #declared: TypeDeclaration<object>[] = [];
  readonly #registrants: Registrant[] = [];
  readonly #filters = new Map<string, ArgsFilter<object>[]>();
  readonly #checks: RegistrationCheck[] = [];
  readonly #changed: () => void;
  readonly #options: ObjectTypeRegistryOptions;
  /** How many declarations were built already. */
  #built = 0;

  /**
   * @param changed Called when the routes must be built again.
   * @param options The current plugin and the field value checks ({@link ObjectTypeRegistryOptions}).
   */
  constructor(changed: () => void = () => undefined, options: ObjectTypeRegistryOptions = {}) {
    this.#changed = changed;
    this.#options = options;
  }

  /** The plugin registering now (running in `server.use`), or `undefined` outside any plugin. */
  get registrant(): Registrant {
    return this.#options.registrant?.();
  }

  /**
   * The object type of this name, made at first use; its hooks and fields see the record
   * types described for the name in {@link ObjectTypeRecords}.
   */
  get<TName extends string>(name: TName): ObjectType<RecordTypesOf<TName>> {
    let type = this.#types.get(name);
    if (type === undefined) {
      type = new ObjectType(name, {
        changed: this.#changed,
        registrant: this.#options.registrant,
        fieldValues: this.#options.fieldValues,
      });
      this.#types.set(name, type);
    }
    // One object type per name: the record types of the name are the ones it was made for.
    return type as ObjectType<RecordTypesOf<TName>>;
  }

  /**
   * The object type of a name whose record types the caller knows because it serves the
   * type's records (a post type's controller, for a type of any name): its hooks and fields
   * see `TTypes`. One object type per name, whichever way it is asked for.
   *
   * @example
   * ```ts
   * const type = server.objectTypes.serving<PostRecordTypes>(name); // a custom post type
   * ```
   */
  serving<TTypes extends RecordTypes>(name: string): ObjectType<TTypes> {
    return this.get(name) as ObjectType<RecordTypes> as ObjectType<TTypes>;
  }

  /** The object type of this name, if anything made it. */
  find<TName extends string>(name: TName): ObjectType<RecordTypesOf<TName>> | undefined {
    return this.#types.get(name) as ObjectType<RecordTypesOf<TName>> | undefined;
  }

  /**
   * Declares a type whose routes come from its arguments. They are built with the other
   * routes, after every argument filter of its kind ran.
   */
  declare<TArgs extends object>(declaration: TypeDeclaration<TArgs>): this {
    const registrant = this.registrant;
    const index = this.#declared.findIndex((d) => d.kind === declaration.kind && d.name === declaration.name);
    if (index !== -1) {
      throw coreError('rest_invalid_registration.type_taken', {
        params: {
          plugin: describeRegistrant(registrant),
          kind: declaration.kind,
          name: declaration.name,
          first: describeRegistrant(this.#registrants[index]),
        },
      });
    }
    this.#declared.push(declaration);
    this.#registrants.push(registrant);
    this.get(declaration.name);
    this.#changed();
    return this;
  }

  /**
   * Adds a filter of the registration arguments of every type of a kind. A filter added
   * after the type's routes were built has no effect on them.
   */
  filterArgs<TArgs extends object = Record<string, unknown>>(kind: string, filter: ArgsFilter<TArgs>): this {
    const list = this.#filters.get(kind);
    // The arguments of a kind's declarations are the kind's arguments: what the filter was written for.
    const forKind: ArgsFilter<object> = (args, name) => filter(args as TArgs, name);
    if (list === undefined) this.#filters.set(kind, [forKind]);
    else list.push(forKind);
    return this;
  }

  /** The declared types, in the order they were declared. */
  declared(kind?: string): DeclaredType[] {
    const out: DeclaredType[] = [];
    this.#declared.forEach((d, index) => {
      if (kind === undefined || d.kind === kind) out.push({ kind: d.kind, name: d.name, registrant: this.#registrants[index] });
    });
    return out;
  }

  /** Every object type made so far (named by a route, a declaration, a field, a link or a hook). */
  all(): ObjectType[] {
    return [...this.#types.values()];
  }

  /**
   * Adds a check of registrations, run when the server builds its routes, after every
   * plugin had its say (a package checks what it registers: a taxonomy's post types, a
   * meta key's subtype).
   *
   * @example
   * ```ts
   * server.objectTypes.addCheck(() => {
   *   if (!known(type)) throw coreError('rest_invalid_registration.field_type', { params });
   * });
   * ```
   */
  addCheck(check: RegistrationCheck): this {
    this.#checks.push(check);
    return this;
  }

  /** The checks packages added ({@link addCheck}), in order: the server runs them. */
  checks(): readonly RegistrationCheck[] {
    return this.#checks;
  }

  /** The arguments of a declared type after its kind's filters. */
  argsOf<TArgs extends object>(kind: string, name: string): TArgs | undefined {
    const declaration = this.#declared.find((d) => d.kind === kind && d.name === name);
    return declaration === undefined ? undefined : (this.#filtered(declaration) as TArgs);
  }

  #filtered(declaration: TypeDeclaration<object>): object {
    let args = declaration.args;
    for (const filter of this.#filters.get(declaration.kind) ?? []) args = filter(args, declaration.name);
    return args;
  }

  /**
   * The routes of the declarations not built yet, each built once from its filtered
   * arguments. The server calls this when it builds its routes.
   */
  buildDeclared(): BuiltRoutes[] {
    const out: BuiltRoutes[] = [];
    for (; this.#built < this.#declared.length; this.#built++) {
      const declaration = this.#declared[this.#built] as TypeDeclaration<object>;
      const built = declaration.routes(this.#filtered(declaration));
      if (built !== undefined) out.push({ ...built, registrant: this.#registrants[this.#built] });
    }
    return out;
  }

  /**
   * The names of the types with authors: those whose published records decide who
   * {@link publishedAuthors} lists (a shared cache files such answers under their lists' keys).
   *
   * @example
   * ```ts
   * server.objectTypes.authorTypes(); // ['post', 'page', 'attachment']
   * ```
   */
  authorTypes(): string[] {
    return [...this.#types.values()].filter((t) => t.hasAuthors).map((t) => t.name);
  }

  /**
   * The ids of the users who have published records of any type with authors: the users
   * anyone may see under `/users`. With `among`, only those of these ids.
   *
   * @example
   * ```ts
   * const visible = await server.objectTypes.publishedAuthors({ among: [3, 7] }); // [7]: only 7 has published
   * ```
   */
  async publishedAuthors(options: { readonly among?: readonly number[] } = {}): Promise<readonly number[]> {
    const lists = await Promise.all([...this.#types.values()].filter((t) => t.hasAuthors).map((t) => t.authors(options)));
    const all = new Set(lists.flat());
    const among = options.among;
    return among === undefined ? [...all] : [...new Set(among)].filter((id) => all.has(id));
  }
}

export type { AuthorsProvider };
