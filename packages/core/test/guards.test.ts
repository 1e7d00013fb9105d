/**
 * Guards over the package as a whole: the core stays runtime-agnostic, and every error code
 * of the table is documented (like Fastify's errors test).
 */
import { describe, expect, it } from 'vitest';
import errorsDoc from '../../../docs/errors.md?raw';
import { ERROR_CODES } from '../src/index.js';
import { codeTableRows } from '../src/testing.js';

const sources = import.meta.glob(['../src/**/*.ts', '!../src/**/*.test.ts'], { query: '?raw', import: 'default', eager: true });

describe('the core is runtime-agnostic', () => {
  it('finds the sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });

  it('imports no node:* module and uses no Node global', () => {
    for (const [file, text] of Object.entries(sources)) {
      expect(text, file).not.toMatch(/from\s+['"]node:/);
      expect(text, file).not.toMatch(/\b(Buffer|process|require|__dirname)\s*[.(]/);
    }
  });
});

/** The code table's rows by code: `| \`code\` | status | message | when |`. */
const rows = codeTableRows(errorsDoc);

describe('docs/errors.md', () => {
  it('documents every code of ERROR_CODES with its status', () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      const cells = rows.get(code);
      expect(cells, `${code} has a row in docs/errors.md`).toBeDefined();
      expect(cells?.[1], code).toBe('authorization' in info ? '401/403' : String(info.status));
      expect(cells?.[2], code).toBe(info.message);
    }
  });
});
