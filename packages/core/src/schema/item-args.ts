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

/** The arguments of an update endpoint: the schema's writable fields, each optional. */
export function updateArgs<T extends z.ZodObject>(schema: T): { [K in keyof Writable<T>]: z.ZodOptional<Writable<T>[K]> } {
  const out: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(writable(schema) as Record<string, z.ZodType>)) out[name] = field.optional();
  return out as { [K in keyof Writable<T>]: z.ZodOptional<Writable<T>[K]> };
}
