/**
 * A registered field's value checked against its schema: what its `get` returns is parsed
 * by the field's Zod schema before it is sent. A value the schema refuses is never sent
 * silently: it is a `rest_invalid_field_value` error, reported through the server's
 * `onError` hook, and either the request's answer (500, `validateFields: 'error'`, the
 * default: what development wants) or served as it is (`validateFields: 'log'`, what
 * WordPress does: it never checks a `get_callback`'s value).
 *
 * Only fields with both a `get` and a schema are checked, so records of types without such
 * fields cost nothing more. A schema that runs code of the plugin's own (a refinement, a
 * transform: its output is not its input) is not checked.
 *
 * @module
 */
import type { z } from 'zod';
import { coreError, type RestError } from '../errors.js';
import { describeRegistrant, type Registrant } from '../plugin-scope.js';
import type { RestRequest } from '../request.js';
import { runsCustomCode } from '../schema/args.js';
import type { RecordTypes } from './hooks.js';
import type { RestField } from './rest-field.js';

/**
 * What a field value its schema refuses does: `'error'` answers the request 500 with
 * `rest_invalid_field_value` (and reports it); `'log'` reports it and sends the value as
 * the field's `get` returned it.
 */
export type FieldValidation = 'error' | 'log';

/** Where a field's check reads the server's policy and reports what it refuses. */
export interface FieldValueReporting {
  /** The policy now (the server's `validateFields` option). */
  policy(): FieldValidation;
  /** Reports a refused value (the server's `onError` hook). */
  report(error: RestError, request: RestRequest): void;
}

/** Where a field was registered: its object type, its name and its plugin. */
export interface FieldOrigin {
  readonly type: string;
  readonly name: string;
  readonly registrant: Registrant;
}

/**
 * The field as it is served: with a `get` whose value is checked against the schema, when
 * the field has both and the schema can be checked; else the field itself.
 *
 * @example
 * ```ts
 * const served = checkedField(field, { type: 'user', name: 'rating', registrant: 'ratingsPlugin' }, reporting);
 * await served.get?.(user, request); // throws rest_invalid_field_value for 'ten' with an integer schema
 * ```
 */
export function checkedField(
  field: RestField<RecordTypes>,
  origin: FieldOrigin,
  reporting: FieldValueReporting,
): RestField<RecordTypes> {
  const schema = field.schema;
  if (field.get === undefined || schema === undefined || runsCustomCode(schema)) return field;
  const get = field.get.bind(field);
  const update = field.update?.bind(field);
  const checked: RestField<RecordTypes> = {
    schema,
    async get(record, request) {
      const value = await get(record, request);
      // An absent value is no member of the record: nothing is sent to check.
      if (value === undefined) return value;
      const refusal = refusalOf(schema, value);
      if (refusal === undefined) return value;
      const error = coreError('rest_invalid_field_value', {
        params: { field: origin.name, type: origin.type, plugin: describeRegistrant(origin.registrant), issue: refusal },
        data: { field: origin.name, object_type: origin.type },
      });
      reporting.report(error, request);
      if (reporting.policy() === 'error') throw error;
      return value;
    },
  };
  if (update !== undefined) checked.update = update;
  return checked;
}

/** Why the schema refuses a value (its first issue, with where in the value), or `undefined`. */
function refusalOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const first = result.error.issues[0];
  if (first === undefined) return 'the schema refuses it.';
  const where = first.path.length === 0 ? '' : ` at ${first.path.map(String).join('.')}`;
  return `${shown(value)} is refused${where}: ${first.message}.`;
}

/** A value as a message shows it: its JSON, cut short. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
