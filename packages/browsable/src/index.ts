/**
 * `@cms-json/browsable`: the browsable API of a cms-json server, a plugin on the core's
 * public API. A browser that opens a REST URL gets an HTML page of the answer; API clients
 * get JSON as always.
 *
 * @module
 */
export { type BrowsableOptions, browsable } from './browsable.js';
export { wantsHtml } from './negotiate.js';
