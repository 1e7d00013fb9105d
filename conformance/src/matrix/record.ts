/**
 * The permission matrix's recorder: seeds the matrix's users and records in a running
 * original through its REST API, sends every cell, writes what it answered as
 * `conformance/fixtures/matrix/<type>.json`, and deletes what it made (the `matrix-` users
 * stay, and are reused by the next run).
 *
 *   npx tsx conformance/src/matrix/record.ts [--origin http://127.0.0.1:8081]
 *       [--mu-plugins /var/lib/wordpress/wp-content/mu-plugins]
 *
 * The type with custom capabilities exists only while recording: the recorder copies
 * `conformance/matrix/wordpress/matrix-types.php` into the original's must-use plugins and
 * removes it at the end. See docs/conformance.md, "The permission matrix".
 *
 * @module
 */
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { send, type Target } from '../send.js';
import { batchCells, type Cell, type CellRequest, type CellResult, editorWriteCells, readAnswer, readCells } from './cells.js';
import { writeMatrixFixture } from './fixture.js';
import { type MadeRecord, removeLeftovers, seedBatchTargets, seedMatrix, TYPES, unseedMatrix, type World } from './scenario.js';

/** The recording-only plugin of the type with custom capabilities. */
export const MATRIX_PLUGIN = new URL('../../matrix/wordpress/matrix-types.php', import.meta.url);

/** The fixture files: one a type, `site` for the site-wide search, `editor` for the block editor's site-wide cells. */
export const MATRIX_FILES: readonly string[] = [...TYPES.map((candidate) => candidate.name), 'site', 'editor'];

/** What the fixtures say besides their cells. */
export const MATRIX_NOTES: readonly string[] = [
  'Recorded from WordPress 6.1 by conformance/src/matrix/record.ts; never edit by hand.',
  'Records are named `<state>-by-<owner>`; the owner is matrix-author (the role `author`) or matrix-administrator. `author2` is a second author who owns none of them.',
  'Every record is created published by matrix-administrator with its owner as author (a comment cannot be made on a draft), given its comment, then updated to its state with a new content (a revision), then trashed for `trash`.',
  'Lists are narrowed to the matrix records (author=<the two owners>, include=, slug=, search=, parent=) so that what colleagues store in the original does not enter the totals.',
  'auto-draft is not covered: the original cannot make one over REST (only wp-admin makes auto-drafts).',
  "The permalink page is asked by anonymous only: the original's front end takes no application passwords; only its status is recorded.",
  "The block editor's cells (issue 36): `block` is the reusable block (wp_block), made by its owner (it has no author field) and listed by the matrix's word; `editor` holds the site-wide block types, renderer, patterns and themes, and the author's persisted_preferences read and written by each role. After the reads, each role autosaves every record of the types with autosaves (with the content it has) and writes the author's preferences and its own, one request at a time; the preferences are deleted at the end.",
  "The browsable HTML view and the 304 revalidation with another user's tag are cms-json-only invariants, checked by the test without a recording.",
];

/** Sends cells a few at a time (reads only), in order of the list; returns their results. */
export async function sendCells(world: World, cells: readonly CellRequest[], parallel = 4): Promise<CellResult[]> {
  const results: CellResult[] = new Array(cells.length);
  let next = 0;
  const worker = async () => {
    while (next < cells.length) {
      const index = next++;
      const cell = cells[index];
      if (cell === undefined) continue;
      results[index] = readAnswer(world, cell, await send(world.target, cell.request, new Map()));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, cells.length) }, worker));
  return results;
}

/** A cell's key and result as the fixture keeps it. */
export function asCell(cell: CellRequest, result: CellResult): Cell {
  const { request: _request, reading: _reading, ...key } = cell;
  return { ...key, ...result };
}

/** Records the whole matrix from the original at `target`; returns the number of cells. */
export async function recordMatrix(target: Target, muPlugins: string): Promise<number> {
  const installed = join(muPlugins, 'matrix-types.php');
  const hadPlugin = existsSync(installed);
  copyFileSync(MATRIX_PLUGIN, installed);
  const admin = { basic: ['admin', 'oracleadminapppassword01'] } as const;
  let world: World | undefined;
  let targets: MadeRecord[] = [];
  try {
    const left = await removeLeftovers(target, admin);
    if (left > 0) console.log(`removed ${left} records an earlier run left`);
    world = await seedMatrix(target, admin);
    const reads = readCells(world);
    const readResults = await sendCells(world, reads);
    const writes = editorWriteCells(world);
    const writeResults = await sendCells(world, writes, 1);
    targets = await seedBatchTargets(world);
    const batches = batchCells(world, targets);
    const batchResults = await sendCells(world, batches, 1);
    const all = [...reads.map((cell, index) => asCell(cell, readResults[index] as CellResult))];
    all.push(...writes.map((cell, index) => asCell(cell, writeResults[index] as CellResult)));
    all.push(...batches.map((cell, index) => asCell(cell, batchResults[index] as CellResult)));
    for (const type of MATRIX_FILES) {
      writeMatrixFixture(type, { notes: MATRIX_NOTES, cells: all.filter((cell) => cell.type === type) });
    }
    return all.length;
  } finally {
    try {
      if (world !== undefined) await unseedMatrix(world, targets);
    } finally {
      // Removed even when the clean-up fails, so the original is not left with the capped type.
      if (!hadPlugin) rmSync(installed, { force: true });
    }
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  const { values } = parseArgs({
    options: {
      origin: { type: 'string', default: 'http://127.0.0.1:8081' },
      'mu-plugins': { type: 'string', default: '/var/lib/wordpress/wp-content/mu-plugins' },
    },
  });
  const origin = String(values.origin).replace(/\/+$/, '');
  const count = await recordMatrix({ origin, restRoot: '/wp-json' }, String(values['mu-plugins']));
  console.log(`recorded ${count} matrix cells from ${origin}`);
}
