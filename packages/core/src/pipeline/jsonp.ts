/**
 * `_jsonp`: the body wrapped as `/**\/callback(json)` with type `application/javascript`.
 * A callback may hold only letters, digits, `_` and `.`; anything else is 400
 * `rest_callback_invalid`. A server option turns JSONP off (`rest_callback_disabled`).
 *
 * @module
 */
import { RestError } from '../errors.js';
import type { QueryMap } from '../query-string.js';

const CALLBACK = /^[\w.]+$/;

/** Whether the query asks for JSONP: `_jsonp` present and not empty (the original tests it for truth). */
export function wantsJsonp(query: QueryMap): boolean {
  const value = query._jsonp;
  return value !== undefined && value !== '' && value !== '0';
}

/** The requested callback, `undefined` when none, or the error to send. */
export function jsonpCallback(query: QueryMap, options: { enabled: boolean }): string | undefined | RestError {
  if (!wantsJsonp(query)) return undefined;
  if (!options.enabled) return new RestError('rest_callback_disabled');
  const callback = query._jsonp;
  if (typeof callback !== 'string' || !CALLBACK.test(callback)) return new RestError('rest_callback_invalid');
  return callback;
}

/** Wraps encoded JSON as a call of `callback`. */
export function wrapJsonp(callback: string, json: string): string {
  return `/**/${callback}(${json})`;
}
