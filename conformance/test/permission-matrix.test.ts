/**
 * The permission matrix: every role × way in × type × record state, sent to cms-json in the
 * `wp` profile and compared with what WordPress 6.1 answered (`conformance/fixtures/matrix/`,
 * recorded by `conformance/src/matrix/record.ts`). The status and the error code must be the
 * original's and a list must show exactly the original's records, but for the accepted
 * differences (`src/matrix/accepted.ts`), which may only be stricter. Then two invariants of
 * cms-json's own, without a recording: the browsable HTML view shows no more than the JSON,
 * and a 304 never answers one user's tag to another who may not read the view.
 * See docs/conformance.md, "The permission matrix".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AcceptedCellDifference, acceptedCell, MATRIX_ACCEPTED } from '../src/matrix/accepted.js';
import { batchCells, type Cell, type CellRequest, cellId, editorWriteCells, readCells, WRITE_WAYS } from '../src/matrix/cells.js';
import { compareCell, describeCellDifference } from '../src/matrix/compare.js';
import { readMatrixFixture } from '../src/matrix/fixture.js';
import { MATRIX_FILES, sendCells } from '../src/matrix/record.js';
import { ROLES, seedBatchTargets, seedMatrix, TOKEN, TYPES, type World } from '../src/matrix/scenario.js';
import { type MatrixSite, startMatrixSite } from '../src/matrix/site.js';
import { send } from '../src/send.js';

const recorded: Cell[] = MATRIX_FILES.flatMap((type) => readMatrixFixture(type)?.cells ?? []);
const expectedById = new Map(recorded.map((cell) => [cellId(cell), cell]));

/** The recorded cells in groups of one role × way × type, in the order they were recorded. */
function groups(cells: readonly Cell[]): Map<string, Cell[]> {
  const out = new Map<string, Cell[]>();
  for (const cell of cells) {
    const key = `${cell.role} · ${cell.way} · ${cell.type}`;
    out.set(key, [...(out.get(key) ?? []), cell]);
  }
  return out;
}

/** What a group of the original's cells shows, in words: the test's name. */
function behaviour(cells: readonly Cell[]): string {
  const first = cells[0];
  if (first === undefined) return 'nothing recorded';
  if (first.record === '*') {
    if (first.status >= 400) return `refused ${first.status} ${first.code ?? ''}`.trimEnd();
    const shown = first.shown ?? [];
    return `shows ${shown.length === 0 ? 'nothing' : shown.join(', ')} (X-WP-Total ${first.total ?? '-'})`;
  }
  const read = cells.filter((cell) => cell.status < 300).map((cell) => cell.record);
  if (read.length === cells.length) return `answers every record (${read.length})`;
  if (read.length === 0) return `refuses every record (${cells.length})`;
  return `answers only ${read.join(', ')}; refuses the other ${cells.length - read.length}`;
}

let site: MatrixSite;
let world: World;
let sent: Map<string, CellRequest>;
const used = new Set<AcceptedCellDifference>();
const failing: string[] = [];
const tally = { cells: 0, exact: 0, accepted: 0 };

beforeAll(async () => {
  site = await startMatrixSite();
  world = await seedMatrix(site, site.admin);
  sent = new Map(readCells(world).map((cell) => [cellId(cell), cell]));
}, 120_000);
afterAll(async () => {
  await site?.close();
  const causes = new Map<string, number>();
  for (const line of failing) causes.set(line, (causes.get(line) ?? 0) + 1);
  console.log(
    `permission matrix: ${tally.cells} cells, ${tally.exact} as the original, ${tally.accepted} stricter as accepted (${MATRIX_ACCEPTED.length} entries), ${failing.length} failing` +
      [...causes].map(([cause, count]) => `\n  ${count} × ${cause}`).join(''),
  );
});

/** Sends a group's cells and checks each against the original's. */
async function checkGroup(cells: readonly Cell[], parallel = 4): Promise<void> {
  const requests = cells.map((cell) => sent.get(cellId(cell)));
  const missing = cells.filter((_, index) => requests[index] === undefined).map(cellId);
  expect(missing, 'cells recorded but no longer sent: record the matrix again').toEqual([]);
  const results = await sendCells(world, requests as CellRequest[], parallel);
  const problems: string[] = [];
  cells.forEach((cell, index) => {
    const result = results[index];
    if (result === undefined) return;
    tally.cells += 1;
    const differences = compareCell(cell, result);
    const unexplained = differences.filter((difference) => {
      const entry = acceptedCell(cellId(cell), difference);
      if (entry !== undefined) used.add(entry);
      return entry === undefined;
    });
    if (differences.length === 0) tally.exact += 1;
    else if (unexplained.length === 0) tally.accepted += 1;
    for (const difference of unexplained) {
      problems.push(`${cell.record} (${cell.state}): ${describeCellDifference(difference)}`);
      failing.push(`${cell.way} · ${cell.type} · ${difference.part} ${difference.stricter ? 'stricter' : 'LOOSER'}`);
    }
  });
  expect(problems).toEqual([]);
}

const all = groups(recorded);
const isWrite = (key: string) => WRITE_WAYS.some((way) => key.includes(` · ${way} · `));
const batchGroups = [...all].filter(([key]) => key.includes('· batch update+delete ·'));
const writeGroups = [...all].filter(([key]) => isWrite(key) && !key.includes('· batch update+delete ·'));
const readGroups = [...all].filter(([key]) => !isWrite(key));

describe('the permission matrix answers as the recorded original', () => {
  it('has a recording of every cell it sends (npx tsx conformance/src/matrix/record.ts)', () => {
    expect(recorded.length).toBeGreaterThan(0);
    const writes = editorWriteCells(world).map(cellId);
    const unrecorded = [...sent.keys(), ...writes].filter((id) => !expectedById.has(id));
    expect(unrecorded, 'cells without a recording: record the matrix again').toEqual([]);
  });

  for (const role of ROLES) {
    describe(role, () => {
      for (const [key, cells] of readGroups.filter(([, cells]) => cells[0]?.role === role)) {
        it(`${key}: ${behaviour(cells)}`, () => checkGroup(cells));
      }
    });
  }

  // After the reads: the block editor's writes (autosaves of every record, the preferences), one at a time.
  describe('editor writes', () => {
    beforeAll(() => {
      for (const cell of editorWriteCells(world)) sent.set(cellId(cell), cell);
    });
    for (const [key, cells] of writeGroups) it(`${key}: ${behaviour(cells)}`, () => checkGroup(cells, 1));
  });

  // Last: the batches write (each role's own target is updated and trashed where allowed).
  describe('batch', () => {
    beforeAll(async () => {
      const targets = await seedBatchTargets(world);
      for (const cell of batchCells(world, targets)) sent.set(cellId(cell), cell);
    });
    for (const [key, cells] of batchGroups) it(`${key}: ${cells[0]?.parts?.join(', ')}`, () => checkGroup(cells));
  });

  it('lists no accepted difference that no longer occurs', () => {
    const stale = MATRIX_ACCEPTED.filter((entry) => !used.has(entry)).map((entry) => `${entry.cell} ${entry.part}`);
    expect(stale, 'accepted differences that did not occur: remove them from src/matrix/accepted.ts').toEqual([]);
  });
});

describe("cms-json's own invariants, for every role and type", () => {
  /** The names of the matrix records whose title appears in a text. */
  const titlesIn = (text: string, type: string) =>
    world.records
      .filter((record) => record.type === type && text.includes(`${TOKEN} ${record.name}<`))
      .map((record) => record.name);

  for (const role of ROLES) {
    for (const type of TYPES) {
      it(`${role} · browsable HTML view · ${type.name}: shows no record the JSON does not`, async () => {
        const as = world.senders[role];
        const owners = `author=${world.userIds.author},${world.userIds.administrator}`;
        const paths = [
          `/wp/v2/${type.base}?status=any&${owners}`,
          `/wp/v2/${type.base}?${owners}`,
          ...world.records.filter((record) => record.type === type.name).map((record) => `/wp/v2/${type.base}/${record.id}`),
        ];
        const leaks: string[] = [];
        for (const path of paths) {
          const json = await send(site, { name: 'json', method: 'GET', path, as, about: 'json' }, new Map());
          const html = await send(
            site,
            { name: 'html', method: 'GET', path, as, headers: { accept: 'text/html' }, about: 'html' },
            new Map(),
          );
          const inJson = json.status < 300 ? json.text.replaceAll('\\u003C', '<').replaceAll('"', '<') : '';
          for (const name of titlesIn(html.text.replaceAll('&quot;', '<').replaceAll('"', '<'), type.name)) {
            if (!inJson.includes(`${TOKEN} ${name}<`)) leaks.push(`${path}: ${name}`);
          }
          for (const record of world.records.filter((candidate) => candidate.type === type.name)) {
            const body = `Revised body of ${record.name}.`;
            if (html.text.includes(body) && !json.text.includes(body)) leaks.push(`${path}: the content of ${record.name}`);
          }
        }
        expect(leaks).toEqual([]);
      });

      it(`${role} · 304 with the administrator's tag · ${type.name}: never revalidates a view it may not read`, async () => {
        const leaks: string[] = [];
        for (const record of world.records.filter((candidate) => candidate.type === type.name)) {
          const path = `/wp/v2/${type.base}/${record.id}`;
          const theirs = await send(
            site,
            { name: 'a', method: 'GET', path, as: world.senders.administrator, about: 'a' },
            new Map(),
          );
          const tag = theirs.headers.etag;
          if (tag === undefined) continue;
          const own = await send(site, { name: 'b', method: 'GET', path, as: world.senders[role], about: 'b' }, new Map());
          const revalidated = await send(
            site,
            { name: 'b304', method: 'GET', path, as: world.senders[role], headers: { 'if-none-match': tag }, about: 'b304' },
            new Map(),
          );
          if (revalidated.status === 304 && own.headers.etag !== tag) leaks.push(`${record.name}: 304 for a view of another`);
          const body = `Revised body of ${record.name}.`;
          if (revalidated.text.includes(body) && !own.text.includes(body))
            leaks.push(`${record.name}: the administrator's content`);
        }
        expect(leaks).toEqual([]);
      });
    }
  }
});
