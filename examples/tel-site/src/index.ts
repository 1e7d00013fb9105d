/**
 * The tel site: the `tel/v1` outgoing-links plugin with users and application passwords, as a
 * worker module for Bun, Deno and Cloudflare Workers (`./worker`).
 *
 * @module
 */
export { readTelSiteConfig, type TelSiteConfig } from './config.js';
export { type OpenTelSite, openTelSite } from './open-tel-site.js';
export { openSiteDatabase } from './site-database.js';
export { createTelSite, type TelSite, type TelSiteTables } from './tel-site.js';
export { createTelWorker, type TelWorker } from './worker.js';
