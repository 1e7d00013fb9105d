/**
 * Writing the `meta` of a create or an update, as WordPress's
 * `WP_REST_Meta_Fields::update_value`: registered keys only (others in the body are
 * ignored), `null` deletes a key (and `[]` a non-single one), a list replaces all values of
 * a non-single key, each value is checked against the key's schema (`meta.rating is not of
 * type integer.`) and cast to it, and the key's `authCallback` decides who may write it.
 *
 * Unlike the original, which stores the record first and may then refuse its meta, every
 * check runs before anything is stored ({@link planMetaWrite}); the planned writes are
 * applied once the record is stored ({@link MetaWrite.apply}), so a refused request changes
 * nothing.
 *
 * @module
 */
import { denied, RestError, type RestRequest, sanitizeValue, validateValue } from '@cms-json/core';
import { contentError } from '../errors.js';
import { ksesField } from '../kses/filter.js';
import { valueType } from './read.js';
import { isProtectedMeta, type MetaObjectType, type RestMetaKey } from './registry.js';
import { decodeMetaValue, encodeMetaValue, type MetaStore } from './store.js';

/** One planned change of one key. */
type MetaChange =
  | { readonly kind: 'delete'; readonly key: string }
  | { readonly kind: 'single'; readonly key: string; readonly value: string }
  | { readonly kind: 'list'; readonly key: string; readonly values: readonly string[] };

/**
 * The checked meta of a request, ready to be written.
 *
 * @example
 * const meta = await planMetaWrite({ … });
 * const post = await store.create(row);
 * await meta.apply(post.id);
 */
export interface MetaWrite {
  /** Whether the body sent any registered key. */
  readonly empty: boolean;
  /** Writes the planned changes to the object's meta. */
  apply(objectId: number): Promise<void>;
}

/**
 * What a meta write is about.
 *
 * @example
 * const input: MetaWriteInput = { store, keys, objectType: 'post', subtype: 'book', objectId: 7, meta: { rating: 5 }, request };
 */
export interface MetaWriteInput {
  readonly store: MetaStore;
  /** The keys shown in REST for the object's subtype. */
  readonly keys: readonly RestMetaKey[];
  readonly objectType: MetaObjectType;
  readonly subtype: string;
  /** The object's id; `undefined` on a create. */
  readonly objectId: number | undefined;
  /** The body's `meta` (`undefined` when it sent none). */
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  readonly request: RestRequest;
  /**
   * Whether the caller may edit the object itself, which every key needs besides its own
   * rule: WordPress maps `edit_comment_meta` to `edit_comment`, so a commenter who may not
   * edit their comment may not write its meta. Posts and terms leave it out (their write
   * permission is the edit permission already). @default true
   */
  readonly canEditObject?: boolean | undefined;
}

const cannotBeNull = (name: string) => contentError('rest_invalid_stored_value', { params: { name } });

/** May the caller write (or delete) this key? The object's edit right, then the key's `authCallback`, or "not protected". */
async function allowed(input: MetaWriteInput, key: RestMetaKey, action: 'update' | 'delete'): Promise<boolean> {
  if (input.canEditObject === false) return false;
  const callback = key.options.authCallback;
  if (callback === undefined) return !isProtectedMeta(key.name);
  return callback({
    key: key.name,
    objectType: input.objectType,
    subtype: input.subtype,
    objectId: input.objectId,
    action,
    request: input.request,
  });
}

/** The refusal of a key the caller may not write, as the original words it. */
function refusal(
  request: RestRequest,
  key: RestMetaKey,
  refused: 'rest_cannot_update.meta' | 'rest_cannot_delete.meta',
): RestError {
  return denied(request, contentError(refused, { params: { key: key.name }, data: { key: key.name } }));
}

/**
 * A value as stored after the schema's cast and the key's `sanitize`; a string key's value
 * then keeps kses's `$allowedtags` only, unless the caller has `unfiltered_html` (the
 * original does not filter meta: stricter here).
 */
function storedText(input: MetaWriteInput, key: RestMetaKey, value: unknown): string {
  const sanitize = key.options.sanitize;
  const clean =
    sanitize === undefined ? value : sanitize(value, { key: key.name, objectType: input.objectType, subtype: input.subtype });
  return encodeMetaValue(key.type === 'string' && typeof clean === 'string' ? ksesField(clean, 'meta', input.request) : clean);
}

/**
 * Checks the body's meta and plans its writes; throws the original's error for the first
 * key that is refused: 400 with the schema's code (`rest_invalid_type`, …), 403
 * `rest_cannot_update`/`rest_cannot_delete`, 500 `rest_invalid_stored_value`.
 *
 * @example
 * const meta = await planMetaWrite({ store, keys, objectType: 'post', subtype: 'post', objectId: undefined, meta: args.meta, request });
 */
export async function planMetaWrite(input: MetaWriteInput): Promise<MetaWrite> {
  const changes: MetaChange[] = [];
  const body = input.meta ?? {};
  const sent = input.keys.filter((key) => Object.hasOwn(body, key.name));
  const stored =
    input.objectId === undefined || sent.length === 0
      ? []
      : await input.store.rows(
          [input.objectId],
          sent.map((key) => key.name),
        );
  for (const key of sent) {
    const sentValue = body[key.name];
    // `[]` is PHP's empty array: an empty object to a single object key.
    const value = key.single && key.type === 'object' && Array.isArray(sentValue) && sentValue.length === 0 ? {} : sentValue;
    if (value === null || (!key.single && Array.isArray(value) && value.length === 0)) {
      if (key.single) {
        // As the original: the value that would be lost must itself be valid.
        const first = stored.find((row) => row.key === key.name);
        const current = first === undefined ? (key.options.default ?? '') : decodeMetaValue(first.value, valueType(key));
        if (validateValue(current, key.schema, key.name) !== undefined) throw cannotBeNull(key.name);
      }
      if (!(await allowed(input, key, 'delete'))) throw refusal(input.request, key, 'rest_cannot_delete.meta');
      changes.push({ kind: 'delete', key: key.name });
      continue;
    }
    if (!key.single && Array.isArray(value) && value.some((item) => item === null)) throw cannotBeNull(key.name);
    const issue = validateValue(value, key.schema, `meta.${key.name}`);
    // As the original's `add_data( status 400 )` over the check's own data: that data goes to `additional_data`.
    if (issue !== undefined) {
      throw new RestError(issue.code, issue.message, {
        status: 400,
        additionalData: issue.data === null ? undefined : [issue.data],
      });
    }
    const sanitized = sanitizeValue(value, key.schema);
    if (!(await allowed(input, key, 'update'))) throw refusal(input.request, key, 'rest_cannot_update.meta');
    if (key.single) changes.push({ kind: 'single', key: key.name, value: storedText(input, key, sanitized) });
    else {
      const items = Array.isArray(sanitized) ? sanitized : [sanitized];
      changes.push({ kind: 'list', key: key.name, values: items.map((item) => storedText(input, key, item)) });
    }
  }
  return {
    empty: changes.length === 0,
    apply: async (objectId) => {
      for (const change of changes) await applyChange(input.store, objectId, change);
    },
  };
}

/** Writes one change; a list keeps the stored values it still has (WordPress's `update_multi_meta_value`). */
async function applyChange(store: MetaStore, objectId: number, change: MetaChange): Promise<void> {
  if (change.kind === 'delete') return store.delete(objectId, change.key);
  if (change.kind === 'single') return store.set(objectId, change.key, change.value);
  const current = (await store.rows([objectId], [change.key])).map((row) => row.value);
  const toRemove: (string | undefined)[] = [...current];
  const toAdd: (string | undefined)[] = [...change.values];
  for (const [addIndex, value] of toAdd.entries()) {
    const matches = current.flatMap((stored, index) => (stored === value ? [index] : []));
    // Several equal stored values: removed first, then added (as the original).
    if (matches.length !== 1) continue;
    toRemove[matches[0] as number] = undefined;
    toAdd[addIndex] = undefined;
  }
  for (const value of new Set(toRemove)) if (value !== undefined) await store.delete(objectId, change.key, value);
  for (const value of toAdd) if (value !== undefined) await store.add(objectId, change.key, value);
}
