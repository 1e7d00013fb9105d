/**
 * Endpoint arguments: declared as Zod schemas, described as draft-04 JSON Schema, and
 * checked per request in the original's order: JSON parse error → required → validate →
 * sanitise. Zod then parses the sanitised value, so refinements and transforms apply.
 *
 * @module
 */
import { z } from 'zod';
import { coreError, RestError } from '../errors.js';
import type { RestRequest } from '../request.js';
import { argJsonSchema } from './to-json-schema.js';
import { type JsonSchema, sanitizeValue, type ValidationIssue, validateValue } from './validate.js';

/** Arguments as declared: a name → Zod schema map. */
export type ArgsShape = Readonly<Record<string, z.ZodType>>;

/** One argument, compiled at registration. */
export interface CompiledArg {
  readonly name: string;
  readonly zod: z.ZodType;
  readonly json: JsonSchema;
  /** The schema the index and OPTIONS show (differs from {@link json} where `.meta({ published })` says so). */
  readonly described: JsonSchema;
  readonly required: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
  /** Whether the schema runs the plugin's own code (refinements, transforms): parsed asynchronously. */
  readonly async: boolean;
  /** The default, validated and parsed once when it is a primitive; else {@link NOT_PARSED}. */
  readonly parsedDefault: unknown;
  /** A check that sees the request, run on the parsed value ({@link withRequestCheck}). */
  readonly check: RequestCheck<unknown> | undefined;
  /** Whether a `null` sent is passed on unchecked ({@link nullPassesUnchecked}). */
  readonly nullPasses: boolean;
  /**
   * The primitive values short strings sent parsed to, by the string, when parsing is pure
   * (no code of the plugin's own, no request check); else `undefined`. Bounded.
   */
  readonly parsedStrings: Map<string, { readonly value: unknown }> | undefined;
}

/** The most strings an argument keeps parsed: the few values an argument is really sent (`context=embed`). */
const MAX_PARSED_STRINGS = 64;
/** The longest string kept parsed. */
const MAX_PARSED_STRING_LENGTH = 64;

/**
 * A check of an argument's parsed value that sees the request: `true` accepts; `false`
 * rejects with "Invalid parameter."; a string rejects with that message. May be async.
 */
export type RequestCheck<T> = (value: T, request: RestRequest) => boolean | string | Promise<boolean | string>;

const requestChecks = new WeakMap<z.ZodType, RequestCheck<unknown>>();

/**
 * An argument whose parsed value is also checked by a function that sees the request (the
 * original's `validate_callback`). It runs with the other argument checks, before the
 * permission check, so its failure is one of the `rest_invalid_param` entries; it runs on
 * a default too. Apply it to the whole argument schema (after `.optional()` or
 * `.default()`). The request lets the check keep what it looked up for the handler, so the
 * handler need not look it up again.
 *
 * @example
 * ```ts
 * const found = requestLocal<Link>('links.found');
 * const id = withRequestCheck(z.number().int().min(1), async (id, request) => {
 *   const link = await store.get(id);
 *   if (link !== undefined) found.set(request, link);
 *   return link !== undefined;
 * });
 * // handler: ({ id }, request) => found.get(request) ?? store.get(id)
 * ```
 */
export function withRequestCheck<T extends z.ZodType>(schema: T, check: RequestCheck<z.output<T>>): T {
  const marked = schema.clone() as T;
  requestChecks.set(marked, check as RequestCheck<unknown>);
  return marked;
}

const nullPassing = new WeakSet<z.ZodType>();

/**
 * An argument that takes `null` as it is, unchecked, as the original skips its
 * `validate_callback` for a `null` parameter (the settings' "put back to the default"):
 * other values are checked against the schema, which keeps its own type (no `null` in it).
 * Apply it to the whole argument schema (after `.optional()`).
 *
 * @example
 * ```ts
 * args: { posts_per_page: nullPassesUnchecked(z.number().int().optional()) } // handler sees number | null | undefined
 * ```
 */
export function nullPassesUnchecked<T extends z.ZodType>(schema: T): T {
  const marked = schema.clone() as T;
  nullPassing.add(marked);
  return marked;
}

/** The schema keywords the original copies into the route index (`get_data_for_route`). */
const INDEX_KEYWORDS = new Set([
  'title',
  'description',
  'default',
  'type',
  'format',
  'enum',
  'items',
  'properties',
  'additionalProperties',
  'patternProperties',
  'minProperties',
  'maxProperties',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'anyOf',
  'oneOf',
]);

function assertPatterns(node: unknown, where: string): void {
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'pattern' && typeof value === 'string') {
      try {
        new RegExp(value, 'u');
      } catch {
        throw new Error(`Argument ${where}: the pattern ${value} is not a valid regular expression.`);
      }
    } else assertPatterns(value, where);
  }
}

interface ZodNode {
  readonly _zod: { readonly def: Record<string, unknown> & { readonly type: string } };
}

function isZodNode(value: unknown): value is ZodNode {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** Whether a schema, anywhere inside, holds a refinement, a transform or a custom type. */
export function runsCustomCode(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!isZodNode(schema) || seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def;
  if (def.type === 'transform' || def.type === 'custom' || def.type === 'promise' || def.type === 'lazy') return true;
  const checks = def.checks;
  if (Array.isArray(checks) && checks.some((check) => isZodNode(check) && check._zod.def.check === 'custom')) return true;
  for (const value of Object.values(def)) {
    if (isZodNode(value) && runsCustomCode(value, seen)) return true;
    if (Array.isArray(value) && value.some((item) => runsCustomCode(item, seen))) return true;
    if (typeof value === 'object' && value !== null && !isZodNode(value) && !Array.isArray(value)) {
      for (const inner of Object.values(value)) if (runsCustomCode(inner, seen)) return true;
    }
  }
  return false;
}

function isOptional(schema: z.ZodType): boolean {
  const type = schema.def.type;
  return type === 'optional' || type === 'default' || type === 'prefault' || type === 'undefined';
}

/** Marks an argument whose default is parsed per request (an object, or async code). */
const NOT_PARSED: unique symbol = Symbol('not parsed');

/** A primitive default, checked and parsed as a sent value would be; {@link NOT_PARSED} otherwise. */
function parseDefault(name: string, zod: z.ZodType, json: JsonSchema, value: unknown): unknown {
  if (typeof value === 'object' && value !== null) return NOT_PARSED;
  if (validateValue(value, json, name) !== undefined) return NOT_PARSED;
  const result = zod.safeParse(sanitizeValue(value, json));
  return result.success && (typeof result.data !== 'object' || result.data === null) ? result.data : NOT_PARSED;
}

/** Compiles an argument map once, when the route is registered. */
export function compileArgs(shape: ArgsShape): CompiledArg[] {
  return Object.entries(shape).map(([name, zod]) => {
    const json = argJsonSchema(zod);
    assertPatterns(json, name);
    const hasDefault = Object.hasOwn(json, 'default');
    // Code of the plugin's own (a refinement, a transform) may be async, and a synchronous
    // parse that meets it has already started it (a database query) and would abandon it:
    // such arguments are always parsed asynchronously.
    const async = runsCustomCode(zod);
    let acceptsUndefined: boolean;
    try {
      acceptsUndefined = async ? isOptional(zod) : zod.safeParse(undefined).success;
    } catch (error) {
      if (!(error instanceof z.core.$ZodAsyncError)) throw error;
      acceptsUndefined = true;
    }
    const defaultValue = json.default;
    const check = requestChecks.get(zod);
    return {
      name,
      zod,
      json,
      described: argJsonSchema(zod, { published: true }),
      required: !acceptsUndefined && !hasDefault,
      hasDefault,
      defaultValue,
      async,
      parsedDefault: hasDefault && !async && check === undefined ? parseDefault(name, zod, json, defaultValue) : NOT_PARSED,
      check,
      nullPasses: nullPassing.has(zod),
      parsedStrings: async || check !== undefined ? undefined : new Map(),
    };
  });
}

/** The defaults of an argument list, as a map. */
export function argDefaults(args: readonly CompiledArg[]): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const arg of args) if (arg.hasDefault) out[arg.name] = arg.defaultValue;
  return out;
}

type Parsed = { ok: true; value: unknown } | ValidationIssue;

/**
 * Checks and converts the request's arguments. Returns the parsed values keyed by name,
 * or throws the original's error (`rest_invalid_json`, `rest_missing_callback_param`,
 * `rest_invalid_param`). Synchronous unless an argument has an async Zod refinement (a
 * database lookup, say); then it returns a promise.
 */
export function parseArgs(
  request: RestRequest,
  args: readonly CompiledArg[],
): Record<string, unknown> | Promise<Record<string, unknown>> {
  const jsonError = request.jsonError;
  if (jsonError !== undefined) {
    throw new RestError('rest_invalid_json', undefined, {
      data: { json_error_code: jsonError.code, json_error_message: jsonError.message },
    });
  }
  const sent: unknown[] = new Array(args.length);
  let missing: string[] | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as CompiledArg;
    const value = request.sentParam(arg.name);
    sent[index] = value;
    if (arg.required && value === undefined) (missing ??= []).push(arg.name);
  }
  if (missing !== undefined) {
    throw coreError('rest_missing_callback_param', { params: { names: missing.join(', ') }, data: { params: missing } });
  }
  const outcome: Outcome = { values: {}, issues: undefined };
  const values = outcome.values;
  let pending: Pending[] | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as CompiledArg;
    let raw = sent[index];
    if (raw === undefined) {
      // A primitive default was checked and parsed once, at registration.
      if (arg.parsedDefault !== NOT_PARSED) {
        values[arg.name] = arg.parsedDefault;
        continue;
      }
      raw = arg.hasDefault ? arg.defaultValue : undefined;
    }
    if (raw === undefined || (raw === null && arg.nullPasses)) {
      values[arg.name] = raw;
      continue;
    }
    // A string this argument parsed before, purely, to a primitive: the same value again
    // (the `context=embed` and `per_page=100` of every link of an `_embed`).
    const known = typeof raw === 'string' ? arg.parsedStrings?.get(raw) : undefined;
    if (known !== undefined) {
      values[arg.name] = known.value;
      continue;
    }
    const found = nulIssue(raw, arg.name) ?? validateValue(raw, arg.json, arg.name);
    if (found !== undefined) {
      (outcome.issues ??= [])[index] = found;
      continue;
    }
    const zodParsed = parseWithZod(arg, sanitizeValue(raw, arg.json));
    if (typeof raw === 'string' && !(zodParsed instanceof Promise)) keepParsed(arg, raw, zodParsed);
    const check = arg.check;
    if (zodParsed instanceof Promise) {
      const settle =
        check === undefined
          ? (settled: unknown) => record(outcome, arg.name, index, settled as Parsed)
          : (settled: unknown) => {
              const next = afterCheck(outcome, arg.name, index, settled as Parsed, check, request);
              return next === undefined ? undefined : next.value.then(next.settle);
            };
      (pending ??= []).push({ value: zodParsed, settle });
    } else if (check === undefined) record(outcome, arg.name, index, zodParsed);
    else {
      const waiting = afterCheck(outcome, arg.name, index, zodParsed, check, request);
      if (waiting !== undefined) (pending ??= []).push(waiting);
    }
  }
  const done = () => (outcome.issues === undefined ? values : invalid(args, outcome.issues));
  if (pending === undefined) return done();
  // One promise step per value really pending, its outcome recorded in that step: a single
  // one (an id checked against the store) then finishes there too.
  if (pending.length === 1) {
    const only = pending[0] as Pending;
    return only.value.then((settled) => {
      const further = only.settle(settled);
      return further === undefined ? done() : further.then(done);
    });
  }
  return Promise.all(pending.map(({ value, settle }) => value.then(settle))).then(done);
}

/** Keeps what a short string sent parsed to, when that is a primitive and parsing was pure. */
function keepParsed(arg: CompiledArg, raw: string, parsed: Parsed): void {
  const kept = arg.parsedStrings;
  if (kept === undefined || raw.length > MAX_PARSED_STRING_LENGTH || !('ok' in parsed)) return;
  const value = parsed.value;
  // An object or a list is the handler's own, to change: parsed afresh each time.
  if (typeof value === 'object' && value !== null) return;
  if (kept.size >= MAX_PARSED_STRINGS) kept.clear();
  kept.set(raw, { value });
}

/** The parsed values and the issues of one request's arguments, as they are recorded. */
interface Outcome {
  readonly values: Record<string, unknown>;
  issues: (ValidationIssue | undefined)[] | undefined;
}

/**
 * A value still pending (an async check's verdict, an async Zod parse) and what records it;
 * recording may wait for one more (the request check after an async parse).
 */
interface Pending {
  readonly value: Promise<unknown>;
  /** Records the settled value (of the type `value` settles with); a promise when that waits for more. */
  readonly settle: (settled: unknown) => Promise<void> | undefined;
}

function record(outcome: Outcome, name: string, index: number, settled: Parsed): undefined {
  if ('ok' in settled) outcome.values[name] = settled.value;
  else (outcome.issues ??= [])[index] = settled;
  return undefined;
}

/**
 * A string with U+0000 anywhere in an argument (nested too) is refused before any handler or
 * database sees it: PostgreSQL cannot store it in text (a 500), SQLite and MySQL can, so
 * refusing it here makes both databases answer alike, 400 `rest_invalid_param` (issue 16).
 */
function nulIssue(value: unknown, name: string): ValidationIssue | undefined {
  return hasNul(value, 0) ? { code: 'rest_invalid_param', message: `${name} contains a NUL character.`, data: null } : undefined;
}

function hasNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (typeof value !== 'object' || value === null || depth > 64) return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (hasNul(item, depth + 1)) return true;
  return false;
}

/** The original's `rest_invalid_param`, issues reported in declaration order whatever order async checks finished in. */
function invalid(args: readonly CompiledArg[], issues: readonly (ValidationIssue | undefined)[]): never {
  const params: Record<string, string> = {};
  let details: Record<string, ValidationIssue> | undefined;
  for (const [index, arg] of args.entries()) {
    const issue = issues[index];
    if (issue === undefined) continue;
    params[arg.name] = issue.message;
    // A bare refinement is the original's `validate_callback` returning false: no details.
    if (issue.code !== '') (details ??= {})[arg.name] = issue;
  }
  throw coreError('rest_invalid_param', {
    params: { names: Object.keys(params).join(', ') },
    // The original sends an empty PHP array, `[]`, when no detail was recorded.
    data: { params, details: details ?? [] },
  });
}

function outcome(result: z.ZodSafeParseResult<unknown>): Parsed {
  if (result.success) return { ok: true, value: result.data };
  const first = result.error.issues[0];
  if (first === undefined || first.message === '' || first.message === 'Invalid input') {
    return { code: '', message: 'Invalid parameter.', data: null };
  }
  return { code: 'rest_invalid_param', message: first.message, data: null };
}

/**
 * Runs an argument's request check on a value Zod accepted and records the outcome: at once
 * for a synchronous check (`undefined`), else what to wait for: the verdict and its recording.
 */
function afterCheck(
  outcome: Outcome,
  name: string,
  index: number,
  parsed: Parsed,
  check: RequestCheck<unknown>,
  request: RestRequest,
): Pending | undefined {
  if (!('ok' in parsed)) {
    record(outcome, name, index, parsed);
    return undefined;
  }
  const verdict = check(parsed.value, request);
  if (!(verdict instanceof Promise)) {
    record(outcome, name, index, judged(parsed, verdict));
    return undefined;
  }
  return { value: verdict, settle: (settled) => record(outcome, name, index, judged(parsed, settled as boolean | string)) };
}

function judged(parsed: Parsed, verdict: boolean | string): Parsed {
  if (verdict === true) return parsed;
  if (typeof verdict === 'string' && verdict !== '') return { code: 'rest_invalid_param', message: verdict, data: null };
  return { code: '', message: 'Invalid parameter.', data: null };
}

function parseWithZod(arg: CompiledArg, value: unknown): Parsed | Promise<Parsed> {
  return arg.async ? arg.zod.safeParseAsync(value).then(outcome) : outcome(arg.zod.safeParse(value));
}

/** An argument as the route index shows it. */
export interface ArgDescription extends JsonSchema {
  required: boolean;
}

/**
 * The index and OPTIONS description of an argument list: `[]` when there are none. Only the
 * original's schema keywords are shown, then `required`; a parameter of the path (`id` of
 * `/users/(?P<id>[\d]+)`) shows `required: false`, as in the original, since the path
 * itself always carries it.
 */
export function describeArgs(
  args: readonly CompiledArg[],
  options: { pathParams?: readonly string[] } = {},
): Record<string, ArgDescription> | [] {
  if (args.length === 0) return [];
  const out: Record<string, ArgDescription> = {};
  for (const arg of args) {
    const shown: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(arg.described)) if (INDEX_KEYWORDS.has(key)) shown[key] = value;
    out[arg.name] = { ...shown, required: arg.required && !(options.pathParams ?? []).includes(arg.name) };
  }
  return out;
}

const compiledShapes = new WeakMap<ArgsShape, CompiledArg[]>();

/**
 * Checks and converts the request's arguments against `shape` after the dispatcher has, as
 * it checks an endpoint's own: for an endpoint that takes its body as a stream, whose body
 * parameters (the text fields of a multipart upload) exist only once the handler read the
 * body and called `request.setBodyParams`. Throws the same errors as the dispatcher.
 *
 * @example
 * ```ts
 * const stored = await storeUpload(request, options); // sets the form's fields as body parameters
 * const args = await parseRequestArgs(request, { title: z.string().optional() });
 * ```
 */
export async function parseRequestArgs(request: RestRequest, shape: ArgsShape): Promise<Record<string, unknown>> {
  let compiled = compiledShapes.get(shape);
  if (compiled === undefined) {
    compiled = compileArgs(shape);
    compiledShapes.set(shape, compiled);
  }
  return parseArgs(request, compiled);
}
