/**
 * The content package's code table is documented, row for row, in docs/errors.md (as the
 * core's is, by the core's guards test).
 */

import { codeTableRows } from '@cms-json/core/testing';
import { describe, expect, it } from 'vitest';
import errorsDoc from '../../../docs/errors.md?raw';
import { CONTENT_ERROR_CODES } from '../src/index.js';

const rows = codeTableRows(errorsDoc, { after: "## The content package's codes" });

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

  it('names the wire code of every row keyed for one meaning of it (`<code>.<meaning>`)', () => {
    for (const [key, info] of Object.entries(CONTENT_ERROR_CODES)) {
      const wire = 'code' in info ? info.code : key;
      expect(key === wire || key.startsWith(`${wire}.`), key).toBe(true);
      if (key !== wire) expect(rows.get(key)?.[3], key).toMatch(new RegExp(`^sent as \`${wire}\`: `));
    }
  });
});
