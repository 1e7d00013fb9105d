/**
 * Every error the project's packages send comes from a code table (`ERROR_CODES` in the core,
 * `CONTENT_ERROR_CODES` here): the sources are read, and a `RestError` made with a message or
 * a status at the call site fails this test (docs/errors.md, "The content package's codes").
 * Plugins may still make errors of their own codes inline; the project's packages do not.
 */
import { ERROR_CODES } from '@cms-json/core';
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob(['../../*/src/**/*.ts', '!../../*/src/**/*.test.ts', '!../../*/src/**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A glob key as `<package>/src/…` (this package's own sources are globbed as `../src/…`). */
function sourcePath(key: string): string {
  return key.startsWith('../src/') ? `content/${key.slice(3)}` : key.slice('../../'.length);
}

/** The files that make errors from the tables: the tables' own makers. */
const TABLE_FILES = new Set(['core/src/errors.ts', 'content/src/errors.ts']);

/**
 * Sites whose errors the tables cannot hold, each with its reason: a schema validator's
 * issue (`rest_invalid_type`, …, docs/errors.md "Argument errors") carries the validator's
 * message built from the schema, or a Zod refinement's own message. The original's meta
 * sends such an issue as the error itself.
 */
const ACCEPTED: readonly (readonly [file: string, start: string])[] = [
  ['content/src/meta/write.ts', 'new RestError(issue.code, issue.message, {'],
  ['core/src/schema/args.ts', "{ code: 'rest_invalid_param', message: `${name"],
  ['core/src/schema/args.ts', "{ code: 'rest_invalid_param', message: first.message"],
  ['core/src/schema/args.ts', "{ code: 'rest_invalid_param', message: verdict"],
];

/** The names of an object literal's own (top-level) members: `{ a: 1, b: { c } }` → `a`, `b`. */
function memberNames(literal: string): string[] {
  if (!literal.startsWith('{')) return [];
  return argumentsAt(literal, 0).map((member) => /^(\.\.\.)?\s*([\w$]+)/.exec(member)?.[2] ?? '');
}

/** The source without its comment lines (JSDoc examples show inline errors on purpose). */
function code(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
}

/** The top-level arguments of the call whose `(` is at `open`, as source text. */
function argumentsAt(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let index = open; index < text.length; index++) {
    const char = text[index] as string;
    if (char === "'" || char === '"' || char === '`') {
      // Skip the string (a template's `${…}` holds no quote of its delimiter in these calls).
      let end = index + 1;
      while (end < text.length && text[end] !== char) end += text[end] === '\\' ? 2 : 1;
      index = end;
    } else if (char === '(' || char === '[' || char === '{') {
      depth++;
    } else if (char === ')' || char === ']' || char === '}') {
      depth--;
      if (depth === 0) {
        args.push(text.slice(start, index).trim());
        return args.filter((arg) => arg !== '');
      }
    } else if (char === ',' && depth === 1) {
      args.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  throw new Error(`unbalanced call at ${open}`);
}

/** Every call of `callee` in `text`: its source and its arguments. */
function calls(text: string, callee: RegExp): { call: string; args: string[] }[] {
  const found: { call: string; args: string[] }[] = [];
  for (const match of text.matchAll(callee)) {
    const open = (match.index ?? 0) + match[0].length - 1;
    const args = argumentsAt(text, open);
    found.push({ call: `${match[0]}${args.join(', ')})`, args });
  }
  return found;
}

/** The inline errors of one file's source: each call that gives a message or a status. */
function inlineErrors(text: string): string[] {
  const source = code(text);
  const found: string[] = [];
  for (const { call, args } of calls(source, /\bnew RestError\(/g)) {
    const [, message, options] = args;
    if ((message !== undefined && message !== 'undefined') || memberNames(options ?? '').includes('status')) found.push(call);
  }
  for (const { call, args } of calls(source, /\b(contentError|coreError)\(/g)) {
    const options = args[1];
    const names = memberNames(options ?? '{}');
    if (options !== undefined && (!options.startsWith('{') || names.includes('status') || names.includes('message'))) {
      found.push(call);
    }
  }
  for (const { call, args } of calls(source, /\bdenied\(/g)) {
    const [, refusal, message] = args;
    const literal = /^'([^']*)'$/.exec(refusal ?? '')?.[1];
    if (message !== undefined || (literal !== undefined && !Object.hasOwn(ERROR_CODES, literal))) found.push(call);
  }
  for (const alias of source.matchAll(/\bRestError as \w+/g)) found.push(alias[0]);
  // A body built by hand: `{ code: 'a_code', message: … }`.
  for (const body of source.matchAll(/\{\s*code:\s*'[a-z_/]+',\s*message:[^}\n]*/g)) found.push(body[0]);
  return found;
}

describe('errors come from the tables', () => {
  it('finds the sources of every package', () => {
    const packages = new Set(Object.keys(sources).map((file) => sourcePath(file).split('/')[0]));
    expect([...packages]).toEqual(expect.arrayContaining(['core', 'content', 'database', 'node', 'express', 'fetch']));
  });

  it('recognises an inline error (the scan itself)', () => {
    expect(inlineErrors("throw new RestError('rest_post_invalid_id', 'Invalid post parent ID.', { status: 400 });")).toHaveLength(
      1,
    );
    expect(inlineErrors("throw new RestError('rest_invalid_namespace', undefined, { status: 404 });")).toHaveLength(1);
    expect(inlineErrors("throw contentError('rest_term_invalid', 'Parent term does not exist.');")).toHaveLength(1);
    expect(
      inlineErrors("return denied(request, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');"),
    ).toHaveLength(1);
    expect(inlineErrors("return denied(request, 'rest_cannot_edit');")).toHaveLength(1);
    expect(inlineErrors('import { RestError as RestErrorClass } from "@cms-json/core";')).toHaveLength(1);
    expect(inlineErrors("return { code: 'rest_nope', message: 'No.', data: null };")).toHaveLength(1);
    expect(inlineErrors("throw new RestError('rest_no_route');")).toEqual([]);
    expect(inlineErrors("throw new RestError('rest_encode_error', undefined, { cause: error });")).toEqual([]);
    expect(inlineErrors("throw contentError('rest_user_invalid_role', { params: { role }, data: { role } });")).toEqual([]);
    expect(inlineErrors("return denied(request, contentError('rest_cannot_edit.post'));")).toEqual([]);
    expect(inlineErrors("return denied(request, 'rest_forbidden');")).toEqual([]);
  });

  it('no package source builds an error with a message or a status of its own', () => {
    const inline: string[] = [];
    for (const [key, text] of Object.entries(sources)) {
      const file = sourcePath(key);
      // A test suite shipped in a package's sources asserts bodies; it sends none.
      if (TABLE_FILES.has(file) || /from 'vitest'/.test(text)) continue;
      for (const call of inlineErrors(text)) {
        if (!ACCEPTED.some(([where, start]) => where === file && call.startsWith(start))) inline.push(`${file}: ${call}`);
      }
    }
    expect(inline).toEqual([]);
  });
});
