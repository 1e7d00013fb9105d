/**
 * Fixture files: one JSON file per recorded request, `conformance/fixtures/<area>/<name>.json`,
 * holding the request as it was sent and the original's answer with its volatile parts marked.
 *
 * @module
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConformanceRequest } from './request.js';
import type { MarkedAnswer } from './volatile.js';

/** The folder of the fixtures. */
export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** What a fixture file holds. */
export interface Fixture {
  /** The request as the capture tool sent it (the test checks the list still says the same). */
  readonly request: Omit<ConformanceRequest, 'about'>;
  /** The original's answer. */
  readonly answer: MarkedAnswer;
}

/** The file of a request's fixture. */
export function fixturePath(area: string, name: string): string {
  return join(FIXTURES_DIR, area, `${name}.json`);
}

/** The request as recorded: everything but `about`, which is prose and may change freely. */
export function recordedRequest(request: ConformanceRequest): Fixture['request'] {
  const { about: _about, ...sent } = request;
  return sent;
}

/** Writes a fixture (pretty-printed, keys in the answer's order, a final newline). */
export function writeFixture(area: string, fixture: Fixture): void {
  const file = fixturePath(area, fixture.request.name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(fixture, null, 2)}\n`);
}

/** Reads a request's fixture, or `undefined` when it was never captured. */
export function readFixture(area: string, name: string): Fixture | undefined {
  const file = fixturePath(area, name);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as Fixture;
}
