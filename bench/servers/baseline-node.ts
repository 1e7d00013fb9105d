/**
 * The hand-written baseline: `node:http` and better-sqlite3, the same SQL, byte-identical
 * headers and bodies, one `writeHead(status, rawHeaders)` and one `end(body)`.
 *
 * @module
 */
import { serveHandWritten } from '../shared/hand-written-server.js';

serveHandWritten();
