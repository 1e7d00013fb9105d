/**
 * The example site as a library: the whole site (`createSite`, what `npm start` runs) and its
 * record pages (`recordPage`), for tests that mount them on a server of their own (the
 * permission matrix asks every record's permalink page).
 *
 * @module
 */
export { createSite, type Site, type SiteTables } from './create-site.js';
export { type RecordPageOptions, recordAt, recordPage, type ShownRecord } from './record-page.js';
