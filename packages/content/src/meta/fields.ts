/**
 * The meta of one post type, taxonomy or of comments, as its controller uses it: the keys shown in REST
 * (read when asked, so keys registered before the routes are built are all there), the
 * `meta` field's schemas, the values of a response's records, and the checked writes.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import type { z } from 'zod';
import { requestBatch } from '../request-batch.js';
import { loadMeta, metaRecord, type StoredMeta } from './read.js';
import type { MetaObjectType, MetaRegistry, RestMetaKey } from './registry.js';
import { type MetaArg, metaArgSchema, metaFieldSchema } from './schema.js';
import type { MetaStore } from './store.js';
import { type MetaWrite, type MetaWriteInput, planMetaWrite } from './write.js';

/**
 * The registered meta of one subtype (a post type, a taxonomy, `comment`).
 *
 * @example
 * const meta = new MetaFields({ registry: metaRegistry(server), store: new MetaStore(db, 'post'), objectType: 'post', subtype: 'book' });
 * const values = await meta.values(request, [7]);
 */
export class MetaFields {
  readonly registry: MetaRegistry;
  readonly store: MetaStore;
  readonly objectType: MetaObjectType;
  readonly subtype: string;
  readonly #batched: (request: RestRequest, id: number) => Promise<StoredMeta | undefined>;

  constructor(options: { registry: MetaRegistry; store: MetaStore; objectType: MetaObjectType; subtype: string }) {
    this.registry = options.registry;
    this.store = options.store;
    this.objectType = options.objectType;
    this.subtype = options.subtype;
    this.#batched = requestBatch((ids: number[]) => loadMeta(this.store, this.keys(), ids));
  }

  /** The keys in the records' `meta`, in registration order. */
  keys(): RestMetaKey[] {
    return this.registry.restKeys(this.objectType, this.subtype);
  }

  /** The record schema's `meta` field. */
  fieldSchema(): z.ZodType {
    return metaFieldSchema(this.keys());
  }

  /** The `meta` write argument. */
  argSchema(): MetaArg {
    return metaArgSchema(this.keys());
  }

  /** The `meta` of these objects, in one query. */
  async values(request: RestRequest, ids: readonly number[]): Promise<Map<number, Record<string, unknown> | never[]>> {
    const keys = this.keys();
    const stored = keys.length === 0 ? new Map<number, StoredMeta>() : await loadMeta(this.store, keys, ids);
    return new Map(ids.map((id) => [id, metaRecord(keys, stored.get(id), request)]));
  }

  /** The `meta` of one object; the records of one response asking in the same tick share a query. */
  async valueOf(request: RestRequest, id: number): Promise<Record<string, unknown> | never[]> {
    const keys = this.keys();
    if (keys.length === 0) return [];
    return metaRecord(keys, await this.#batched(request, id), request);
  }

  /**
   * Checks the body's `meta` before anything is stored; `apply` writes it once the object is.
   * `canEditObject: false` refuses every key (see {@link MetaWriteInput.canEditObject}).
   */
  plan(
    request: RestRequest,
    objectId: number | undefined,
    meta: unknown,
    options: { canEditObject?: boolean | undefined } = {},
  ): Promise<MetaWrite> {
    return planMetaWrite({
      store: this.store,
      keys: this.keys(),
      objectType: this.objectType,
      subtype: this.subtype,
      objectId,
      meta: typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : undefined,
      request,
      canEditObject: options.canEditObject,
    });
  }
}
