/**
 * The baseline of the runtime table: each runtime's minimal Fetch handler, `{ fetch }` as
 * Workers, `Bun.serve` and `Deno.serve` call it, answering every path it was given with the
 * fixed status, headers and body bytes captured from cms-json's answer on the same runtime
 * (`env.BENCH_STATIC`, see {@link StaticAnswers}). No routing beyond a map lookup, no database:
 * the least a server can do to send those bytes. Nothing here imports `node:*`.
 *
 * @module
 */

/** What `env.BENCH_STATIC` holds (as JSON): per path (with its query), the answer to send. */
export type StaticAnswers = Record<string, { status: number; headers: [string, string][]; bodyBase64: string }>;

interface Prepared {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function prepare(env: Record<string, unknown>): Map<string, Prepared> {
  const raw = env.BENCH_STATIC;
  if (typeof raw !== 'string' || raw === '') throw new Error('BENCH_STATIC is not set: give the answers to serve, as JSON.');
  const answers = JSON.parse(raw) as StaticAnswers;
  const prepared = new Map<string, Prepared>();
  for (const [path, answer] of Object.entries(answers)) {
    prepared.set(path, { status: answer.status, headers: answer.headers, body: decodeBase64(answer.bodyBase64) });
  }
  return prepared;
}

let answers: Map<string, Prepared> | undefined;

/** The worker module (contract 1 of issue 39). */
export default {
  async fetch(request: Request, env: Record<string, unknown>): Promise<Response> {
    answers ??= prepare(env);
    const url = new URL(request.url);
    const answer = answers.get(url.pathname + url.search);
    if (answer === undefined) return new Response('not a bench path\n', { status: 404 });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  },
};
