/**
 * The outgoing-link record (specification §2.3), as a Zod schema. It drives the argument
 * checks, the published draft-04 schema, the context filter and the handlers' types.
 *
 * @module
 */
import { z } from 'zod';

// Specification §2.3: every field is shown in the view and edit contexts (and only those).
const CONTEXTS = ['view', 'edit'];

/** An outgoing link: a tracked external address with a click counter. */
export const OutgoingLink = z
  .object({
    id: z.number().int().readonly().meta({ description: 'Unique identifier for the object.', context: CONTEXTS }),
    title: z.string().meta({ description: 'The title for the object.', context: CONTEXTS }),
    slug: z
      .string()
      .readonly()
      .meta({ description: 'An alphanumeric identifier for the object unique to its type.', context: CONTEXTS }),
    link: z.string().meta({ description: 'URL to the object.', format: 'uri', context: CONTEXTS }),
    count: z.number().int().readonly().meta({ description: 'How often the Link was clicked.', context: CONTEXTS }),
  })
  .meta({ title: 'outgoing-links' });

/** An outgoing-link record. */
export type OutgoingLinkRecord = z.output<typeof OutgoingLink>;
