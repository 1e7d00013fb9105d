/**
 * The `title` argument of a create or an update, checked as the original plugin checks it:
 * its `validate_callback` is `! empty( sanitize_text_field( $param ) )`, so any value is
 * taken as PHP casts it to text (a number as its digits, `true` as `1`) and a value that
 * leaves nothing after sanitizing (`''`, `' <b></b> '`, `'0'`, `false`, a list or a map)
 * fails with a bare "Invalid parameter." and no details: 400 `rest_invalid_param`.
 *
 * @module
 */
import { z } from 'zod';
import { sanitizeTitle } from './sanitize.js';

/** The longest title stored (the column is `varchar(100)`). */
export const TITLE_MAX_LENGTH = 100;

const DESCRIPTION = 'The title for the object.';

/**
 * A title sent, as the original's `sanitize_text_field` leaves it: a string sanitized, a
 * number or `true` cast to text first, anything else (`false`, a list, a map) `''`.
 *
 * @example
 * ```ts
 * titleText(' <b>PHP</b>  Manual '); // 'PHP Manual'
 * titleText(5);                      // '5'
 * titleText(['PHP']);                // ''
 * ```
 */
export function titleText(value: unknown): string {
  if (typeof value === 'string') return sanitizeTitle(value);
  if (typeof value === 'number' && Number.isFinite(value)) return sanitizeTitle(String(value));
  if (value === true) return '1';
  return '';
}

/** Whether a sanitized title is one the original keeps: PHP's `empty()` is true for `''` and `'0'`. */
function isKept(title: string): boolean {
  return title !== '' && title !== '0';
}

/**
 * The `title` argument: any JSON value, sanitized to the title stored. `null` is passed on
 * as `null` (the original checks no `null`: an update keeps the stored title, a create then
 * has none, `tel/rest/item`). The index and OPTIONS show it as a string of at most 100
 * characters, as the specification's schema says.
 *
 * @example
 * ```ts
 * args: { title: titleArg({ required: true }) } // handler sees string | null
 * ```
 */
export function titleArg(options: { readonly required: boolean }) {
  const shown = { description: DESCRIPTION, type: 'string', maxLength: TITLE_MAX_LENGTH };
  const title = z
    .unknown()
    .transform((value) => (value === null ? null : titleText(value)))
    // A bare refinement (no message) is the original's validate_callback returning false.
    .refine((text) => text === null || isKept(text))
    .refine(
      (text) => text === null || text.length <= TITLE_MAX_LENGTH,
      `title must be at most ${TITLE_MAX_LENGTH} characters long.`,
    );
  return options.required
    ? title.meta({ description: DESCRIPTION, published: shown })
    : title.optional().meta({ description: DESCRIPTION, published: shown });
}
