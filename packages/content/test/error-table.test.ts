/**
 * The content package's code table is documented, row for row, in docs/errors.md (as the
 * core's is, by the core's guards test).
 */
import { describe, expect, it } from 'vitest';
import errorsDoc from '../../../docs/errors.md?raw';
import { CONTENT_ERROR_CODES } from '../src/index.js';

const section = errorsDoc.slice(errorsDoc.indexOf("## The content package's codes"));
const rows = new Map(
  section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .map((cells) => [cells[0]?.replace(/`/g, '') ?? '', cells] as const),
);

describe('docs/errors.md', () => {
  it('documents every code of CONTENT_ERROR_CODES with its status and message', () => {
    for (const [code, info] of Object.entries(CONTENT_ERROR_CODES)) {
      const cells = rows.get(code);
      expect(cells, `${code} has a row in docs/errors.md`).toBeDefined();
      expect(cells?.[1], code).toBe('authorization' in info ? '401/403' : String(info.status));
      expect(cells?.[2], code).toBe(info.message);
    }
    expect(rows.size).toBe(Object.keys(CONTENT_ERROR_CODES).length);
  });
});
