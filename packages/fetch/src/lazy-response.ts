/**
 * A `Response` that holds the core's answer and builds the real `Response` only when
 * something reads it. A bridge that writes the answer itself ({@link answerOf}) never pays
 * for the `Headers`, the body stream and their reading: the model is @hono/node-server's
 * lightweight `Response`, without replacing the global one.
 *
 * @module
 */
import type { HttpResponse } from '@cms-json/core';
import { toResponse } from './to-response.js';

/**
 * Where a lazy response shows its untouched answer. A registered symbol rather than the
 * class: the CommonJS build bundles each entry (`.`, `./node`) with its own copy of the class.
 */
const ANSWER: unique symbol = Symbol.for('cms-json.fetch.answer');

/**
 * `instanceof Response` holds; every member of `Response.prototype` works, on the real
 * `Response`, built from the answer on first use. `status` and `ok` are read from the answer.
 */
class LazyResponse {
  #answer: HttpResponse | undefined;
  #real: Response | undefined;

  constructor(answer: HttpResponse) {
    this.#answer = answer;
  }

  /** The answer, while nobody has read the response. */
  get [ANSWER](): HttpResponse | undefined {
    return this.#answer;
  }

  /** The real `Response`: from now on, the one every member reads. */
  #built(): Response {
    if (this.#real === undefined) {
      this.#real = toResponse(this.#answer as HttpResponse);
      this.#answer = undefined;
    }
    return this.#real;
  }

  get status(): number {
    return this.#answer?.status ?? this.#built().status;
  }

  get ok(): boolean {
    const status = this.status;
    return status >= 200 && status < 300;
  }

  // Every other member of Response.prototype, on the real response. Reflect, because the
  // members' names are only known at run time.
  static {
    for (const name of Object.getOwnPropertyNames(Response.prototype)) {
      if (name === 'constructor' || Object.hasOwn(LazyResponse.prototype, name)) continue;
      const descriptor = Object.getOwnPropertyDescriptor(Response.prototype, name);
      if (descriptor?.get !== undefined) {
        Object.defineProperty(LazyResponse.prototype, name, {
          get(this: LazyResponse) {
            return Reflect.get(this.#built(), name);
          },
          configurable: true,
        });
      } else if (typeof descriptor?.value === 'function') {
        const method = descriptor.value as (...args: unknown[]) => unknown;
        Object.defineProperty(LazyResponse.prototype, name, {
          value(this: LazyResponse, ...args: unknown[]) {
            return Reflect.apply(method, this.#built(), args);
          },
          configurable: true,
          writable: true,
        });
      }
    }
    Object.setPrototypeOf(LazyResponse.prototype, Response.prototype);
  }
}

/**
 * The answer as a `Response` that is built only when read. Give it only to a caller that
 * takes it back with {@link answerOf} (a bridge that said so: a request with a `HEADER_RECORD`):
 * runtimes that check a response's internal slots (Deno, Workers) need a real one.
 */
export function lazyResponse(answer: HttpResponse): Response {
  // The class sits on Response.prototype (its static block); TypeScript cannot see that.
  return new LazyResponse(answer) as unknown as Response;
}

/**
 * The core's answer inside a response from {@link lazyResponse} that nobody has read;
 * `undefined` for any other response (then write the `Response` itself).
 *
 * @example
 * ```ts
 * const answer = answerOf(response);
 * if (answer !== undefined) res.writeHead(answer.status, answer.headers).end(answer.body);
 * ```
 */
export function answerOf(response: Response): HttpResponse | undefined {
  return (response as { [ANSWER]?: HttpResponse | undefined })[ANSWER];
}
