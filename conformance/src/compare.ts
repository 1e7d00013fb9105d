/**
 * Compares cms-json's marked answer with the original's, part by part: status, the headers
 * clients read, and the body value for value (object key order aside). Each difference is
 * named by where it is, e.g. `body.routes["/wp/v2/users"].endpoints[0].args.search.maxLength`,
 * which is what the accepted differences (`accepted.ts`) match.
 *
 * @module
 */
import type { MarkedAnswer } from './volatile.js';

/** One place where the answers differ. */
export interface Difference {
  /** `status`, `header allow`, `body…` or `text`. */
  readonly at: string;
  /** `missing`: only the original has it; `extra`: only cms-json has it; `value`: both differ. */
  readonly kind: 'missing' | 'extra' | 'value';
  readonly expected?: unknown;
  readonly actual?: unknown;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Appends a key to a rendered path: `.name`, `["/a/b"]` or `[0]`. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function diffValue(expected: unknown, actual: unknown, at: string, out: Difference[]): void {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const length = Math.max(expected.length, actual.length);
    for (let index = 0; index < length; index += 1) {
      if (index >= actual.length) out.push({ at: childPath(at, index), kind: 'missing', expected: expected[index] });
      else if (index >= expected.length) out.push({ at: childPath(at, index), kind: 'extra', actual: actual[index] });
      else diffValue(expected[index], actual[index], childPath(at, index), out);
    }
    return;
  }
  if (isObject(expected) && isObject(actual)) {
    for (const [key, value] of Object.entries(expected)) {
      if (!(key in actual)) out.push({ at: childPath(at, key), kind: 'missing', expected: value });
      else diffValue(value, actual[key], childPath(at, key), out);
    }
    for (const [key, value] of Object.entries(actual)) {
      if (!(key in expected)) out.push({ at: childPath(at, key), kind: 'extra', actual: value });
    }
    return;
  }
  if (!Object.is(expected, actual)) out.push({ at, kind: 'value', expected, actual });
}

/**
 * Every difference between the original's answer and cms-json's.
 *
 * @example
 * compareAnswers({ status: 200, headers: {} }, { status: 404, headers: {} });
 * // [{ at: 'status', kind: 'value', expected: 200, actual: 404 }]
 */
export function compareAnswers(expected: MarkedAnswer, actual: MarkedAnswer): Difference[] {
  const out: Difference[] = [];
  if (expected.status !== actual.status)
    out.push({ at: 'status', kind: 'value', expected: expected.status, actual: actual.status });
  for (const name of new Set([...Object.keys(expected.headers), ...Object.keys(actual.headers)])) {
    const want = expected.headers[name];
    const got = actual.headers[name];
    if (want === got) continue;
    const kind = want === undefined ? 'extra' : got === undefined ? 'missing' : 'value';
    out.push({ at: `header ${name}`, kind, expected: want, actual: got });
  }
  if (expected.text !== undefined || actual.text !== undefined) {
    if (expected.text !== actual.text)
      out.push({ at: 'text', kind: 'value', expected: expected.text, actual: actual.text ?? actual.body });
    return out;
  }
  diffValue(expected.body, actual.body, 'body', out);
  return out;
}
