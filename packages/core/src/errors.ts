/**
 * One error class and one table of codes.
 *
 * Every failure that reaches the wire is a {@link RestError}. Its body is the original's
 * `{ code, message, data: { status, … } }`. Codes are never reused for another meaning.
 *
 * @module
 */
import { hasMembers } from './record.js';

/** Marks instances across copies of this module (two bundles of the core in one process). */
const BRAND = Symbol.for('cms-json.RestError');

/** A row of a code table: the HTTP status and the default message. */
export interface ErrorCodeInfo {
  readonly status: number;
  readonly message: string;
  /**
   * A refusal of who the caller is: {@link denied} sends it as 401 to an anonymous caller
   * and 403 to an authenticated one (`status` is the 403).
   */
  readonly authorization?: true;
  /**
   * The code sent on the wire, when it is not the row's key. The original sends some codes
   * with more than one meaning (`rest_post_invalid_id` is 404 for a record that is not there
   * and 400 for a `parent` that is not): each meaning is a row of its own, keyed
   * `<code>.<meaning>`, with its own status and message.
   */
  readonly code?: string;
}

/**
 * A table of error codes: key → status and message (and the wire code, when it is not the
 * key). A message may name values it carries as `{name}`: the row's parameters, given as
 * `params` when the error is made.
 */
export type ErrorCodeTable = Readonly<Record<string, ErrorCodeInfo>>;

/** The names of a message's `{name}` placeholders: `MessageParams<'The role {role} does not exist.'>` is `'role'`. */
export type MessageParams<TMessage extends string> = TMessage extends `${string}{${infer Name}}${infer Rest}`
  ? Name | MessageParams<Rest>
  : never;

/** Options of an error made from a table row: never a message or a status, which are the row's. */
export interface TableErrorOptions {
  /** The values of the message's `{name}` placeholders. */
  params?: Readonly<Record<string, string | number>>;
  /** Extra members of `data`, next to the row's status. */
  data?: Record<string, unknown>;
  /** The underlying cause, kept for logs; never written to the wire. */
  cause?: unknown;
  /** Earlier data of the same error, written as `additional_data` (see {@link RestErrorOptions}). */
  additionalData?: readonly unknown[];
}

/** The arguments after the key: `params` is required, and typed, when the row's message has placeholders. */
export type TableErrorArguments<TMessage extends string> = [MessageParams<TMessage>] extends [never]
  ? [options?: Omit<TableErrorOptions, 'params'>]
  : [options: Omit<TableErrorOptions, 'params'> & { params: Readonly<Record<MessageParams<TMessage>, string | number>> }];

/** The keys of a table whose messages carry no value: made with the key alone. */
export type PlainErrorKey<TTable extends ErrorCodeTable> = {
  [TKey in keyof TTable & string]: [MessageParams<TTable[TKey]['message']>] extends [never] ? TKey : never;
}[keyof TTable & string];

/** The error maker of one code table (see {@link errorFactory}). */
export type TableErrorMaker<TTable extends ErrorCodeTable> = <TKey extends keyof TTable & string>(
  key: TKey,
  ...options: TableErrorArguments<TTable[TKey]['message']>
) => RestError;

/**
 * The table of the framework's own error codes, with the original's statuses and messages.
 * Packages keep their own codes in tables of their own ({@link errorFactory}); plugins may
 * use codes of their own without one (for example `tel/rest/insert`).
 */
export const ERROR_CODES = {
  // Routing and infrastructure
  rest_no_route: { status: 404, message: 'No route was found matching the URL and request method.' },
  rest_invalid_namespace: { status: 404, message: 'The specified namespace could not be found.' },
  rest_invalid_handler: { status: 500, message: 'The handler for the route is invalid.' },
  rest_encode_error: { status: 500, message: 'Unable to encode the response.' },
  rest_internal_error: { status: 500, message: 'An internal error occurred.' },
  rest_callback_disabled: { status: 400, message: 'JSONP support is disabled on this site.' },
  rest_callback_invalid: { status: 400, message: 'Invalid JSONP callback function.' },
  rest_body_too_large: { status: 413, message: 'The request body is too large.' },
  rest_body_unreadable: { status: 400, message: 'The request body could not be read.' },
  rest_not_implemented: { status: 501, message: 'The handler for this route is not implemented.' },
  rest_database_unavailable: { status: 503, message: 'The database is unavailable. Try again shortly.' },
  // A plugin used without an optional package it needs: thrown by `server.use()` (never sent)
  rest_missing_package: {
    status: 500,
    message: '{plugin} needs the package "{package}", which is not installed here. Run `npm install {package}` and start again.',
  },
  rest_precondition_failed: {
    status: 412,
    message: 'The resource has changed since it was read: its ETag no longer matches If-Match.',
  },
  // Batch requests (`POST /batch/v1`)
  rest_batch_not_allowed: { status: 400, message: 'The requested route does not support batch requests.' },
  parse_path_failed: { status: 400, message: 'Could not parse the path.' },
  rest_batch_atomic_unavailable: { status: 501, message: 'This site cannot run a batch atomically: it has no transactions.' },
  // Parameters
  rest_invalid_json: { status: 400, message: 'Invalid JSON body passed.' },
  rest_missing_callback_param: { status: 400, message: 'Missing parameter(s): {names}' },
  rest_invalid_param: { status: 400, message: 'Invalid parameter(s): {names}' },
  rest_invalid_params: { status: 400, message: 'Invalid parameters.' },
  // Authorisation
  rest_forbidden: { status: 403, message: 'Sorry, you are not allowed to do that.', authorization: true },
  rest_forbidden_context: { status: 403, message: 'Sorry, you are not allowed to edit this resource.', authorization: true },
  rest_cookie_invalid_nonce: { status: 403, message: 'Cookie check failed' },
  rest_not_logged_in: { status: 401, message: 'You are not currently logged in.' },
  incorrect_password: { status: 401, message: 'The provided password is an invalid application password.' },
  invalid_username: { status: 401, message: 'Unknown username. Check again or try your email address.' },
  // Registered fields: a `get` whose value its schema refuses (`validateFields`, docs/extending-types.md)
  rest_invalid_field_value: {
    status: 500,
    message:
      'The field "{field}" of {type} records (registered by {plugin}) returned a value its schema refuses: {issue} Fix its get, or its schema.',
  },
  // Registration mistakes: thrown by `server.ready()` (never sent: the server does not start)
  'rest_invalid_registration.field_type': {
    code: 'rest_invalid_registration',
    status: 500,
    message:
      '{plugin}: registerRestField(\'{type}\', \'{field}\'): this server has no object type "{type}" (it has: {known}). Register the field on one of these, or register the type "{type}" before server.ready().',
  },
  'rest_invalid_registration.link_type': {
    code: 'rest_invalid_registration',
    status: 500,
    message:
      '{plugin}: objectTypes.get(\'{type}\').addLink(\'{rel}\'): this server has no object type "{type}" (it has: {known}). Add the link to one of these, or register the type "{type}" before server.ready().',
  },
  'rest_invalid_registration.type_taken': {
    code: 'rest_invalid_registration',
    status: 500,
    message: '{plugin}: the {kind} "{name}" is registered already, by {first}. Give this one another name.',
  },
  'rest_invalid_registration.route_taken': {
    code: 'rest_invalid_registration',
    status: 500,
    message:
      '{plugin}: {second} claims the route {route} ({methods}), which {first} serves already. Give one of them another restBase (or route path).',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

/** A code of the framework's own table. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** The `data` member of an error body. `status` is always present on the wire. */
export interface ErrorData {
  status?: number;
  [key: string]: unknown;
}

/** Options of {@link RestError}. */
export interface RestErrorOptions {
  /** The HTTP status. Defaults to the table's status for known codes, else 500. */
  status?: number;
  /** Extra members of `data` (for example `params` and `details`); a `status` here counts as the status. */
  data?: Record<string, unknown>;
  /** The underlying cause, kept for logs; never written to the wire. */
  cause?: unknown;
  /**
   * Earlier data of the same error, written as `additional_data` (WordPress sends it when a
   * `WP_Error` was given data more than once, as `term_exists` is).
   */
  additionalData?: readonly unknown[];
}

/** The wire shape of an error: `{ code, message, data: { status, … } }`. */
export interface ErrorBody {
  code: string;
  message: string;
  data: ErrorData & { status: number };
  additional_data?: readonly unknown[];
}

/**
 * The one error class. Throw it (or return it) from handlers and permission checks.
 *
 * @example
 * ```ts
 * throw new RestError('tel/rest/item', 'Please enter a title.', { status: 400 });
 * throw new RestError('rest_no_route'); // message and status from the table
 * ```
 */
export class RestError extends Error {
  /** The machine-readable code: a table code, or a plugin's own (`tel/rest/insert`). */
  readonly code: string;
  /** The HTTP status. */
  readonly status: number;
  /** Extra members of the body's `data`, next to `status`. */
  readonly data: Record<string, unknown>;
  /** Earlier data of the error, written as `additional_data` (see {@link RestErrorOptions}). */
  readonly additionalData: readonly unknown[] | undefined;

  constructor(code: ErrorCode, message?: string, options?: RestErrorOptions);
  constructor(code: string, message: string, options?: RestErrorOptions);
  constructor(code: string, message?: string, options?: RestErrorOptions) {
    const known = (ERROR_CODES as Record<string, ErrorCodeInfo>)[code];
    super(message ?? known?.message ?? code, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RestError';
    this.code = code;
    // Rest and spread only when there is data: on Node 20 both take V8's slow path.
    let data: Record<string, unknown> = {};
    let dataStatus: unknown;
    if (options?.data !== undefined) ({ status: dataStatus, ...data } = options.data);
    this.status = options?.status ?? (typeof dataStatus === 'number' ? dataStatus : undefined) ?? known?.status ?? 500;
    this.data = data;
    this.additionalData = options?.additionalData;
  }

  /** The wire body for this error. */
  toBody(): ErrorBody {
    const status = this.status;
    const body: ErrorBody = {
      code: this.code,
      message: this.message,
      data: hasMembers(this.data) ? { status, ...this.data } : { status },
    };
    if (this.additionalData !== undefined) body.additional_data = this.additionalData;
    return body;
  }
}

Object.defineProperty(RestError.prototype, BRAND, { value: true });

/** `true` for a {@link RestError}, also one thrown by another copy of this module. */
export function isRestError(value: unknown): value is RestError {
  return value instanceof RestError || (typeof value === 'object' && value !== null && Reflect.get(value, BRAND) === true);
}

/** The mark `@cms-json/database` sets on an error that means "the database cannot be reached now". */
const DATABASE_UNAVAILABLE = Symbol.for('cms-json.database-unavailable');

/** `true` for an error marked by the database package as "unavailable now" (down, restarting, pool exhausted). */
function isDatabaseUnavailable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Reflect.get(value, DATABASE_UNAVAILABLE) === true;
}

/**
 * The one place that turns anything thrown into a {@link RestError}. Unknown values become
 * a 500 whose body carries no stack or internals; a database that cannot be reached now
 * (marked by `@cms-json/database`) is a 503 `rest_database_unavailable`.
 */
export function toRestError(value: unknown): RestError {
  if (isRestError(value)) return value;
  if (isDatabaseUnavailable(value)) return new RestError('rest_database_unavailable', undefined, { cause: value });
  return new RestError('rest_internal_error', undefined, { cause: value });
}

/**
 * A refusal with the original's `rest_authorization_required_code()`: 401 when the
 * request is anonymous, 403 when it is authenticated. `code` is a code of the core's table
 * or a plugin's own, or an error of a package's table (`denied(request, contentError(…))`).
 *
 * @example
 * ```ts
 * permission: (request) => request.user?.can('edit_posts') === true || denied(request, 'rest_cannot_create', 'Sorry, you are not allowed to create posts.'),
 * ```
 */
export function denied(request: { readonly user: unknown }, code: string | RestError, message?: string): RestError {
  const status = request.user === null ? 401 : 403;
  if (typeof code !== 'string') return new RestError(code.code, message ?? code.message, { status, data: code.data });
  const known = Object.hasOwn(ERROR_CODES, code) ? (ERROR_CODES as ErrorCodeTable)[code] : undefined;
  return new RestError(code, message ?? known?.message ?? code, { status });
}

/** A row's message with its `{name}` placeholders filled in from `params`. */
function fillMessage(message: string, params: Readonly<Record<string, string | number>>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * The error maker of a code table: the error's wire code, status and message are the row's,
 * never the call site's; a message's `{name}` placeholders are filled from `params`, which
 * the compiler requires (and checks) for such a row.
 *
 * @example
 * ```ts
 * const SHOP_ERRORS = {
 *   shop_sold_out: { status: 409, message: 'Sold out.' },
 *   'shop_sold_out.partly': { code: 'shop_sold_out', status: 409, message: 'Only {left} left.' },
 * } as const satisfies ErrorCodeTable;
 * const shopError = errorFactory(SHOP_ERRORS);
 * throw shopError('shop_sold_out');                                                       // 409, 'Sold out.'
 * throw shopError('shop_sold_out.partly', { params: { left: 2 }, data: { left: 2 } });    // 409, 'Only 2 left.'
 * ```
 */
export function errorFactory<TTable extends ErrorCodeTable>(table: TTable): TableErrorMaker<TTable> {
  const make = (key: string, options?: TableErrorOptions): RestError => {
    const info = table[key] as ErrorCodeInfo;
    const params = options?.params;
    return new RestError(info.code ?? key, params === undefined ? info.message : fillMessage(info.message, params), {
      status: info.status,
      data: options?.data,
      cause: options?.cause,
      additionalData: options?.additionalData,
    });
  };
  // The rest-tuple signature only types the arguments; `make` takes each of its forms.
  return make as TableErrorMaker<TTable>;
}

/**
 * An error of the core's own table ({@link ERROR_CODES}), for a row whose message carries
 * values (`coreError('rest_invalid_param', { params: { names: 'status' }, data })`).
 */
export const coreError: TableErrorMaker<typeof ERROR_CODES> = errorFactory(ERROR_CODES);
