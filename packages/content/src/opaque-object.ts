/**
 * A read-only map field (`capabilities`, `labels`, `supports`) that the original's schemas
 * show as a bare `{type: 'object'}`, with no `additionalProperties`: checked as a map of
 * `values`, published as the original publishes it.
 *
 * @module
 */
import { z } from 'zod';

/**
 * A read-only map of strings to `values`, shown as a bare object in the index and OPTIONS.
 *
 * @example
 * capabilities: opaqueObject(z.string(), { description: 'All capabilities used by the taxonomy.', context: ['edit'] }),
 */
export function opaqueObject<V extends z.ZodType>(values: V, meta: { description: string; context: readonly string[] }) {
  return z
    .record(z.string(), values)
    .readonly()
    .meta({
      description: meta.description,
      context: [...meta.context],
      published: { description: meta.description, type: 'object', context: [...meta.context], readonly: true },
    });
}
