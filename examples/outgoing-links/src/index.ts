/**
 * The `tel/v1` outgoing-links plugin: the model plugin for cms-json.
 *
 * @module
 */
export { clickCounterPage } from './click-counter.js';
export { migrations, type OutgoingLinksTable, type OutgoingLinksTables } from './migrations.js';
export { NAMESPACE, type OutgoingLinksOptions, outgoingLinks } from './plugin.js';
export { outgoingLinksRoutes, REST_BASE } from './routes.js';
export { sanitizeLink, sanitizeTitle, slugOf } from './sanitize.js';
export { OutgoingLink, type OutgoingLinkRecord } from './schema.js';
export { type LinkWrite, type ListQuery, OutgoingLinksStore } from './store.js';
