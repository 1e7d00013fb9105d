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

/** What a write hook knows: the request, and whether the write creates the record. */
export interface WriteEvent {
  readonly request: RestRequest;
  readonly creating: boolean;
}

/** The hooks, by name, with their signatures. */
export interface ObjectTypeHooks {
  /**
   * Changes a record as it is sent (after the context filter and the registered fields).
   * `links` are the record's `_links`: add to them or remove from them in place.
   */
  prepare: (
    record: AnyRecord,
    event: {
      readonly source: AnyRecord;
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
    query: AnyRecord,
    event: { readonly request: RestRequest; readonly args?: Readonly<Record<string, unknown>> },
  ) => MaybePromise<AnyRecord>;
  /** Changes what a create or update is about to store. */
  preInsert: (prepared: AnyRecord, event: WriteEvent) => MaybePromise<AnyRecord>;
  /** After the record was stored, before its fields and meta are written. */
  insert: (record: AnyRecord, event: WriteEvent) => MaybePromise<void>;
  /** After the record, its fields and its meta were written. */
  afterInsert: (record: AnyRecord, event: WriteEvent) => MaybePromise<void>;
  /** After the record was deleted (`previous` is the record as it was). */
  delete: (previous: AnyRecord, event: { readonly request: RestRequest }) => MaybePromise<void>;
  /** After the record moved to the trash (the record as it is now). */
  trash: (record: AnyRecord, event: { readonly request: RestRequest }) => MaybePromise<void>;
  /** Before the record is deleted for good: what hangs on it can still be read and let go. */
  preDelete: (record: AnyRecord, event: { readonly request: RestRequest }) => MaybePromise<void>;
}

/** A hook's name. */
export type HookName = keyof ObjectTypeHooks;

/** The hooks that are filters: they return the value they were given. */
export type FilterName = 'prepare' | 'query' | 'preInsert';

/** The hooks that are actions. */
export type ActionName = 'insert' | 'afterInsert' | 'delete' | 'trash' | 'preDelete';
