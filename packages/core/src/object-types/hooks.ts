/**
 * The typed hooks of an object type, the original's `rest_*_{type}` filters and actions.
 * Filters return the value they were given, changed or not; actions return nothing.
 *
 * | hook | original | kind | run by |
 * |---|---|---|---|
 * | `prepare` | `rest_prepare_{type}` | filter of each record sent | the core |
 * | `collectionParams` | `rest_{type}_collection_params` | filter of the list's arguments | the core, when routes are built |
 * | `query` | `rest_{type}_query` | filter of the list query | the type's controller |
 * | `preInsert` | `rest_pre_insert_{type}` | filter of what is about to be stored | the type's controller |
 * | `insert` | `rest_insert_{type}` | action after the record is stored | the type's controller |
 * | `afterInsert` | `rest_after_insert_{type}` | action after fields and meta are written | the type's controller |
 * | `delete` | `rest_delete_{type}` | action after the record is deleted | the type's controller |
 * | `trash` | `trashed_post` | action after the record moved to the trash | the type's controller |
 * | `preDelete` | `before_delete_post` | action before the record is deleted for good | the type's controller |
 *
 * @module
 */
import type { Links } from '../links/link.js';
import type { RestRequest } from '../request.js';
import type { ArgsShape } from '../schema/args.js';

type MaybePromise<T> = T | Promise<T>;

/** A record of any object type, as hooks see it. */
export type AnyRecord = Record<string, unknown>;

/**
 * What the hooks and fields of one object type see. A package describes its types in
 * {@link ObjectTypeRecords}; a type nobody described sees {@link AnyRecordTypes}.
 *
 * @example
 * ```ts
 * interface BookTypes extends RecordTypes {
 *   record: BookRecord; stored: Book; changes: Partial<Book>; query: BookQuery;
 * }
 * ```
 */
export interface RecordTypes {
  /** The record a route answers with: what `prepare` sees (as `source`) and a field's `get`. */
  readonly record: object;
  /** The record the write hooks see (`insert`, `afterInsert`, `delete`, `trash`, `preDelete`). */
  readonly stored: object;
  /** What a create or an update is about to store (`preInsert`). */
  readonly changes: object;
  /** The query object of the type's list (`query`). */
  readonly query: object;
  /** The record a field's `update` is given, when not `stored`. */
  readonly written?: object;
}

/** The record types of an object type nobody described: every one any record. */
export interface AnyRecordTypes extends RecordTypes {
  readonly record: AnyRecord;
  readonly stored: AnyRecord;
  readonly changes: AnyRecord;
  readonly query: AnyRecord;
}

/**
 * The record types of each object type, by name: empty in the core, filled in by the
 * packages that serve the types (content adds `user`, `post`, `page`, `attachment`,
 * `category`, `post_tag`, `comment`) by declaration merging.
 *
 * @example
 * ```ts
 * declare module '@cms-json/core' {
 *   interface ObjectTypeRecords {
 *     book: BookTypes;
 *   }
 * }
 * server.objectTypes.get('book').on('insert', (book) => index(book.id)); // book: Book
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface ObjectTypeRecords {}

/** The record types of the object type of this name: its described ones, or {@link AnyRecordTypes}. */
export type RecordTypesOf<TName extends string> = TName extends keyof ObjectTypeRecords
  ? ObjectTypeRecords[TName] extends RecordTypes
    ? ObjectTypeRecords[TName]
    : AnyRecordTypes
  : AnyRecordTypes;

/** The record a field's `update` is given: `written` when the type says, else `stored`. */
export type WrittenRecord<TTypes extends RecordTypes> = TTypes extends { readonly written: infer W extends object }
  ? W
  : TTypes['stored'];

/**
 * A record as `prepare` sees it: the type's record after the context filter and `_fields`
 * (any member may be gone), with the registered fields beside it.
 */
export type PreparedRecord<TTypes extends RecordTypes> = Partial<TTypes['record']> & AnyRecord;

/** What a write hook knows: the request, and whether the write creates the record. */
export interface WriteEvent {
  readonly request: RestRequest;
  readonly creating: boolean;
}

/** The hooks, by name, with their signatures, for an object type of these record types. */
export interface ObjectTypeHooks<TTypes extends RecordTypes = AnyRecordTypes> {
  /**
   * Changes a record as it is sent (after the context filter and the registered fields).
   * `links` are the record's `_links`: add to them or remove from them in place.
   */
  prepare: (
    record: PreparedRecord<TTypes>,
    event: {
      readonly source: TTypes['record'];
      readonly request: RestRequest;
      readonly links: Links;
      /** The context the record is shown in (`view`, `edit`, `embed`). */
      readonly context: string;
    },
  ) => MaybePromise<AnyRecord>;
  /** Changes the arguments of the type's list route when routes are built (add a filter, change a default). */
  collectionParams: (params: ArgsShape) => ArgsShape;
  /** Changes the query a list runs (the controller's query object); `args` are the list's parsed arguments. */
  query: (
    query: TTypes['query'],
    event: { readonly request: RestRequest; readonly args?: Readonly<Record<string, unknown>> },
  ) => MaybePromise<TTypes['query']>;
  /** Changes what a create or update is about to store. */
  preInsert: (prepared: TTypes['changes'], event: WriteEvent) => MaybePromise<TTypes['changes']>;
  /** After the record was stored, before its fields and meta are written. */
  insert: (record: TTypes['stored'], event: WriteEvent) => MaybePromise<void>;
  /** After the record, its fields and its meta were written. */
  afterInsert: (record: TTypes['stored'], event: WriteEvent) => MaybePromise<void>;
  /** After the record was deleted (`previous` is the record as it was). */
  delete: (previous: TTypes['stored'], event: { readonly request: RestRequest }) => MaybePromise<void>;
  /** After the record moved to the trash (the record as it is now). */
  trash: (record: TTypes['stored'], event: { readonly request: RestRequest }) => MaybePromise<void>;
  /** Before the record is deleted for good: what hangs on it can still be read and let go. */
  preDelete: (record: TTypes['stored'], event: { readonly request: RestRequest }) => MaybePromise<void>;
}

/** A hook's name. */
export type HookName = keyof ObjectTypeHooks;

/** The hooks that are filters: they return the value they were given. */
export type FilterName = 'prepare' | 'query' | 'preInsert';

/** The hooks that are actions. */
export type ActionName = 'insert' | 'afterInsert' | 'delete' | 'trash' | 'preDelete';
