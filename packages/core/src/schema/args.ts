/**
 * Endpoint arguments: declared as Zod schemas, described as draft-04 JSON Schema, and
 * checked per request in the original's order: JSON parse error → required → validate →
 * sanitise.
 *
 * @module
 */
import type { z } from 'zod';
import { RestError } from '../errors.js';
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
  readonly required: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
  /** Set once the schema was found to hold an async refinement. */
  async: boolean;
}

/** Compiles an argument map once, when the route is registered. */
export function compileArgs(shape: ArgsShape): CompiledArg[] {
  return Object.entries(shape).map(([name, zod]) => {
    const json = argJsonSchema(zod);
    const hasDefault = Object.hasOwn(json, 'default');
    const acceptsUndefined = zod.def.type === 'optional' || zod.def.type === 'default' || zod.def.type === 'undefined' || zod.def.type === 'any' || zod.def.type === 'unknown';
    return { name, zod, json, required: !acceptsUndefined && !hasDefault, hasDefault, defaultValue: json.default, async: false };
  });
}

/** The defaults of an argument list, as a map. */
export function argDefaults(args: readonly CompiledArg[]): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const arg of args) if (arg.hasDefault) out[arg.name] = arg.defaultValue;
  return out;
}

/**
 * Checks and converts the request's arguments. Returns the parsed values keyed by name,
 * or throws the original's error (`rest_invalid_json`, `rest_missing_callback_param`,
 * `rest_invalid_param`). Async Zod refinements (an id that must exist in the database)
 * are awaited, so they fail validation before the permission check, as in the original.
 */
export async function parseArgs(request: RestRequest, args: readonly CompiledArg[]): Promise<Record<string, unknown>> {
  const jsonError = request.jsonError;
  if (jsonError !== undefined) {
    throw new RestError('rest_invalid_json', undefined, {
      data: { json_error_code: 4, json_error_message: jsonError.message },
    });
  }
  const missing: string[] = [];
  for (const arg of args) if (arg.required && request.param(arg.name) === undefined) missing.push(arg.name);
  if (missing.length > 0) {
    throw new RestError('rest_missing_callback_param', `Missing parameter(s): ${missing.join(', ')}`, {
      data: { params: missing },
    });
  }
  const values: Record<string, unknown> = {};
  const params: Record<string, string> = {};
  const details: Record<string, ValidationIssue> = {};
  for (const arg of args) {
    const raw = request.param(arg.name);
    if (raw === undefined) {
      values[arg.name] = undefined;
      continue;
    }
    const found = validateValue(raw, arg.json, arg.name) ?? (await parseWithZod(arg, sanitizeValue(raw, arg.json), values));
    if (found !== undefined) {
      params[arg.name] = found.message;
      details[arg.name] = found;
    }
  }
  const invalid = Object.keys(params);
  if (invalid.length > 0) {
    throw new RestError('rest_invalid_param', `Invalid parameter(s): ${invalid.join(', ')}`, {
      data: { params, details },
    });
  }
  return values;
}

async function parseWithZod(arg: CompiledArg, value: unknown, into: Record<string, unknown>): Promise<ValidationIssue | undefined> {
  const result = arg.async ? await arg.zod.safeParseAsync(value) : safeParseSync(arg, value) ?? (await arg.zod.safeParseAsync(value));
  if (result.success) {
    into[arg.name] = result.data;
    return undefined;
  }
  const first = result.error.issues[0];
  const message = first?.message && first.message !== 'Invalid input' ? first.message : 'Invalid parameter.';
  return { code: 'rest_invalid_param', message, data: null };
}

/** Parses synchronously; `undefined` when the schema turns out to be async (remembered on the arg). */
function safeParseSync(arg: CompiledArg, value: unknown): ReturnType<z.ZodType['safeParse']> | undefined {
  try {
    return arg.zod.safeParse(value);
  } catch (error) {
    if (error instanceof Error && error.constructor.name === '$ZodAsyncError') {
      arg.async = true;
      return undefined;
    }
    throw error;
  }
}

/** An argument as the route index shows it. */
export interface ArgDescription extends JsonSchema {
  required: boolean;
}

/** The index and OPTIONS description of an argument list: `[]` when there are none. */
export function describeArgs(args: readonly CompiledArg[]): Record<string, ArgDescription> | [] {
  if (args.length === 0) return [];
  const out: Record<string, ArgDescription> = {};
  for (const arg of args) {
    const { readonly: _readonly, context: _context, ...json } = arg.json;
    out[arg.name] = { ...json, required: arg.required };
  }
  return out;
}
