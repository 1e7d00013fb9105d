/**
 * The block editor's preferences of a user: the `persisted_preferences` user meta WordPress
 * 6.1 registers (`wp_register_persisted_preferences_meta`), the one key of a user's `meta`
 * field. An object (`_modified`, a date-time, and whatever else the editor keeps), shown in
 * the edit context only, written by whoever may edit the user (themself, or a holder of
 * `edit_users`) through `meta` in an update, `null` deleting it; stored in `user_meta` as JSON.
 *
 * @module
 */
import type { JsonSchema, RestRequest } from '@cms-json/core';
import { loadMeta, metaRecord } from '../meta/read.js';
import type { RestMetaKey } from '../meta/registry.js';
import type { MetaStore } from '../meta/store.js';
import { type MetaWrite, planMetaWrite } from '../meta/write.js';
import { requestBatchPer } from '../request-batch.js';

/** The key's name, in the record's `meta` and in `user_meta`. */
export const PERSISTED_PREFERENCES = 'persisted_preferences';

/** The key's schema, as the original publishes it under the users' `meta.properties`. */
export const PERSISTED_PREFERENCES_SCHEMA: JsonSchema = {
  type: 'object',
  description: '',
  default: [],
  context: ['edit'],
  properties: {
    _modified: {
      description: 'The date and time the preferences were updated.',
      type: 'string',
      format: 'date-time',
      readonly: false,
    },
  },
  additionalProperties: true,
};

/** The key as the meta machinery reads and writes it: one object value, no `authCallback` (any user who may be edited). */
const KEY: RestMetaKey = {
  name: PERSISTED_PREFERENCES,
  single: true,
  type: 'object',
  schema: PERSISTED_PREFERENCES_SCHEMA,
  options: { type: 'object', single: true, showInRest: { schema: PERSISTED_PREFERENCES_SCHEMA } },
};

/** The preferences of the users of one response, read by one query. */
const preferencesOf = requestBatchPer(async (store: MetaStore, ids: number[]) => loadMeta(store, [KEY], ids));

/**
 * The users' `persisted_preferences`, over a user meta store.
 *
 * @example
 * const preferences = new PersistedPreferences(new SqlMetaStore(database, 'user'));
 * await preferences.valueOf(request, 2); // { _modified: '2030-01-01T00:00:00.000Z', 'core/edit-post': { … } } or []
 */
export class PersistedPreferences {
  readonly #store: MetaStore;

  constructor(store: MetaStore) {
    this.#store = store;
  }

  /** A user's preferences as the record shows them: the stored object, or `[]` (PHP's empty array) when none is. */
  async valueOf(request: RestRequest, userId: number): Promise<unknown> {
    const stored = await preferencesOf(this.#store, request, userId);
    const meta = metaRecord([KEY], stored, request);
    return Array.isArray(meta) ? [] : meta[PERSISTED_PREFERENCES];
  }

  /**
   * Checks the body's `meta` before anything is stored (a value that is no object is 400
   * `rest_invalid_type`, a `_modified` that is no date 400 `rest_invalid_date`, as the
   * original); `apply` writes it once the user is stored. Other keys are ignored.
   */
  plan(request: RestRequest, userId: number | undefined, meta: unknown): Promise<MetaWrite> {
    return planMetaWrite({
      store: this.#store,
      keys: [KEY],
      objectType: 'user',
      subtype: 'user',
      objectId: userId,
      meta: typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? (meta as Record<string, unknown>) : undefined,
      request,
    });
  }
}
