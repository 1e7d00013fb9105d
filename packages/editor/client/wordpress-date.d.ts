/**
 * Where `@wordpress/date`'s own types differ from what WordPress passes it: an overload of
 * `setSettings` for the settings WordPress's script-loader prints.
 */
import type { DateSettings as PrintedDateSettings } from '../src/boot-config.ts';

declare module '@wordpress/date' {
  /**
   * WordPress passes `timezone.offset` as a number and `l10n.relative` with `future` and
   * `past` only (script-loader's inline script); the package's JSDoc types say otherwise.
   */
  export function setSettings(settings: PrintedDateSettings): void;
}
