/**
 * Create and update arguments derived from an item schema: read-only fields (declared with
 * Zod's `.readonly()`) are left out; for update every field is optional, since `default`
 * and `required` apply only when creating (the original's `get_endpoint_args_for_schema`).
 *
 * @module
 */
import type { z } from 'zod';

type Shape<T extends z.ZodObject> = T['shape'];
type Writable<T extends z.ZodObject> = {
  [K in keyof Shape<T> as Shape<T>[K] extends z.ZodReadonly ? never : K]: Shape<T>[K];
};

function isReadonly(schema: z.ZodType): boolean {
  let current: z.ZodType | undefined = schema;
  while (current !== undefined) {
    const def = current.def as { type: string; innerType?: z.ZodType };
    if (def.type === 'readonly') return true;
    current = def.type === 'optional' || def.type === 'nullable' || def.type === 'default' ? def.innerType : undefined;
  }
  return false;
}

function writable<T extends z.ZodObject>(schema: T): Writable<T> {
  const out: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (!isReadonly(field)) out[name] = field;
  }
  return out as Writable<T>;
}

/**
 * The arguments of a create endpoint: the schema's writable fields, as declared.
 *
 * @example
 * ```ts
 * endpoint({ methods: CREATABLE, args: createArgs(OutgoingLink), permission, handler: ({ title, link }) => … });
 * ```
 */
export function createArgs<T extends z.ZodObject>(schema: T): Writable<T> {
  return writable(schema);
}

/** A field without its default (a default applies only when creating), keeping its metadata. */
function withoutDefault(field: z.ZodType): z.ZodType {
  const def = field.def as { type: string; innerType?: z.ZodType };
  if ((def.type !== 'default' && def.type !== 'prefault') || def.innerType === undefined) return field;
  const meta = field.meta();
  return meta === undefined ? def.innerType : def.innerType.meta(meta);
}

/**
 * The arguments of an update endpoint: the schema's writable fields, each optional and
 * without its default (a field left out keeps its stored value).
 *
 * @example
 * ```ts
 * endpoint({ methods: EDITABLE, args: updateArgs(OutgoingLink), permission, handler: ({ id, title }) => … });
 * ```
 */
export function updateArgs<T extends z.ZodObject>(schema: T): { [K in keyof Writable<T>]: z.ZodOptional<Writable<T>[K]> } {
  const out: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(writable(schema) as Record<string, z.ZodType>)) {
    out[name] = withoutDefault(field).optional();
  }
  return out as { [K in keyof Writable<T>]: z.ZodOptional<Writable<T>[K]> };
}
