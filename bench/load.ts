/**
 * One load run with autocannon: bounded in time (or in requests, with a time cap), 127.0.0.1
 * only, keep-alive, no pipelining.
 *
 * @module
 */
import autocannon from 'autocannon';

/** A request to send. */
export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What one run measured. */
export interface LoadResult {
  requests: number;
  seconds: number;
  /** Requests per second over the whole run. */
  rps: number;
  /** Latency percentiles, in milliseconds. */
  p50: number;
  p99: number;
  /** Responses whose status was not the expected one, plus connection errors and timeouts. */
  failures: number;
  /** CPU time the server used per request, in microseconds (set by the caller when known). */
  cpuPerRequest: number;
}

/** Options of {@link load}. */
export interface LoadOptions {
  connections: number;
  /** How long to run, in seconds (the cap when `amount` is given). */
  seconds: number;
  /** Stop after this many requests instead. */
  amount?: number;
  /** The status every response should have. @default 200 */
  expectStatus?: number;
}

/** Drives `baseUrl` + `request.path` and resolves with the measurements. */
export async function load(baseUrl: string, request: LoadRequest, options: LoadOptions): Promise<LoadResult> {
  if (!baseUrl.startsWith('http://127.0.0.1:')) throw new Error(`Refusing to load ${baseUrl}: 127.0.0.1 only.`);
  const expected = options.expectStatus ?? 200;
  let wrongStatus = 0;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${baseUrl}${request.path}`,
        method: request.method ?? 'GET',
        connections: options.connections,
        pipelining: 1,
        ...(options.amount === undefined ? { duration: options.seconds } : { amount: options.amount }),
        timeout: 10,
        // Stops are checked once per sample: a short interval keeps runs close to `seconds`.
        sampleInt: 250,
        ...(request.headers === undefined ? {} : { headers: request.headers }),
        ...(request.body === undefined ? {} : { body: request.body }),
      },
      (error: unknown, done: autocannon.Result) => {
        clearTimeout(cap);
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(done);
      },
    );
    instance.on('response', (_client, statusCode) => {
      if (statusCode !== expected) wrongStatus++;
    });
    // Every run is bounded in time, `amount` runs too.
    const cap = setTimeout(() => instance.stop(), (options.seconds + 1) * 1000);
  });
  const seconds = result.duration > 0 ? result.duration : (performance.now() - started) / 1000;
  const requests = result.requests.total;
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: wrongStatus + result.errors + result.timeouts,
    cpuPerRequest: Number.NaN,
  };
}
