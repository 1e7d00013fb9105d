/**
 * Fields added to another package's records: the equivalent of the original's
 * `register_rest_field`. A field has a value for each record (`get`), may be written by
 * create and update (`update`), and is described by a Zod schema that joins the record's
 * item schema (OPTIONS, the index, `context` filtering, `_fields`, the write arguments).
 *
 * @module
 */
import type { z } from 'zod';
import type { RestRequest } from '../request.js';
import type { AnyRecordTypes, RecordTypes, WrittenRecord } from './hooks.js';

/**
 * A field registered on an object type. `get` is checked against the schema's type (what
 * the schema parses to), `update` is given the value the schema parsed.
 *
 * @example
 * ```ts
 * server.registerRestField('user', 'rating', {
 *   schema: z.number().int().min(0).max(5).meta({ description: 'Stars.', context: ['view', 'edit'] }),
 *   get: (user) => ratings.of(user.id),
 *   update: (value, user) => ratings.set(user.id, value),
 * });
 * ```
 */
export interface RestField<TTypes extends RecordTypes = AnyRecordTypes, TSchema extends z.ZodType = z.ZodType> {
  /**
   * The field's value for a record (the record as the handler returned it). May be async.
   * With a schema, the value is also checked against it as it is sent: one it refuses is a
   * `rest_invalid_field_value` error (the server's `validateFields` option says whether the
   * request answers 500 or the value is sent and only reported).
   */
  // Methods, not function members: a field of a described type is kept with the others (bivariant parameters).
  get?(record: TTypes['record'], request: RestRequest): z.output<TSchema> | Promise<z.output<TSchema>>;
  /**
   * Writes the field, when a create or an update sent it (the value parsed by `schema`). A
   * {@link RestError} it throws is the request's answer, in the original's error shape.
   */
  update?(value: z.output<TSchema>, record: WrittenRecord<TTypes>, request: RestRequest): void | Promise<void>;
  /**
   * The field's schema, with `.meta({ description, context })`. Without one the field
   * appears in records in every context but not in the item schema, and is never written.
   * A `.readonly()` schema is not a write argument.
   */
  schema?: TSchema;
}
