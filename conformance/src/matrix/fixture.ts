/**
 * The permission matrix's fixtures: `conformance/fixtures/matrix/<type>.json`, one file a
 * type (and `site.json` for the site-wide search), holding notes and the original's cells,
 * one cell a line so that a re-recording reads as a diff of cells.
 *
 * @module
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../fixture.js';
import type { Cell } from './cells.js';

/** The folder of the matrix's fixtures. */
export const MATRIX_DIR = join(FIXTURES_DIR, 'matrix');

/** What a matrix fixture file holds. */
export interface MatrixFixture {
  /** What the recording covers and leaves out, in words. */
  readonly notes: readonly string[];
  readonly cells: readonly Cell[];
}

/** The file of a type's cells. */
export function matrixFixturePath(type: string): string {
  return join(MATRIX_DIR, `${type}.json`);
}

/** Writes a type's cells, one a line. */
export function writeMatrixFixture(type: string, fixture: MatrixFixture): void {
  mkdirSync(MATRIX_DIR, { recursive: true });
  const notes = fixture.notes.map((note) => `    ${JSON.stringify(note)}`).join(',\n');
  const cells = fixture.cells.map((cell) => `    ${JSON.stringify(cell)}`).join(',\n');
  writeFileSync(matrixFixturePath(type), `{\n  "notes": [\n${notes}\n  ],\n  "cells": [\n${cells}\n  ]\n}\n`);
}

/** Reads a type's cells, or `undefined` when they were never recorded. */
export function readMatrixFixture(type: string): MatrixFixture | undefined {
  const file = matrixFixturePath(type);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as MatrixFixture;
}
