/**
 * The hand-written baseline with its SQLite reads tuned by hand as cms-json's `prepareQuery`
 * tunes them (see `HandWrittenOptions.sqlite`): the floor of what the list can cost here,
 * against which cms-json's own overhead shows. No target is set against it.
 *
 * @module
 */
import { serveHandWritten } from '../shared/hand-written-server.js';

serveHandWritten({ sqlite: 'tuned' });
