import { missingRuntime } from '@cms-json/runtimes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorkspace,
  RUNTIME_CASES,
  type RuntimePair,
  startPair,
  staticAnswers,
  TABLE_RUNTIMES,
  type TableRuntime,
} from './runtime-pairs.js';
import type { Captured } from './verify.js';

describe('staticAnswers', () => {
  const captured: Captured = {
    status: 200,
    headers: [
      'Content-Type: application/json',
      'ETag: W/"1"',
      'Content-Length: 2',
      'Connection: keep-alive',
      'Keep-Alive: timeout=5',
    ],
    body: Buffer.from('[]'),
  };
  const answers = new Map(RUNTIME_CASES.map((loadCase) => [loadCase.id, captured]));

  it('keeps cms-json’s lines in order, without the ones the server writes itself', () => {
    const answer = staticAnswers('node', answers)[RUNTIME_CASES[0]?.request.path ?? ''];
    expect(answer?.headers).toEqual([
      ['Content-Type', 'application/json'],
      ['ETag', 'W/"1"'],
      ['Content-Length', '2'],
    ]);
    expect(Buffer.from(answer?.bodyBase64 ?? '', 'base64').toString()).toBe('[]');
  });

  it('leaves Content-Length to a Fetch runtime, which computes it from the same bytes', () => {
    const answer = staticAnswers('bun', answers)[RUNTIME_CASES[0]?.request.path ?? ''];
    expect(answer?.headers.map(([name]) => name)).toEqual(['Content-Type', 'ETag']);
  });
});

/**
 * The comparison is only fair if the baseline sends what cms-json sends: on each runtime, the
 * minimal handler's answers equal cms-json's (status, body bytes, header lines without `Date`).
 */
describe('the runtime table’s servers', () => {
  const missing = new Map(
    TABLE_RUNTIMES.map((runtime) => [
      runtime,
      runtime === 'node' ? null : missingRuntime(runtime as Exclude<TableRuntime, 'node'>),
    ]),
  );
  let workspace: Awaited<ReturnType<typeof createWorkspace>> | undefined;
  const pairs = new Map<TableRuntime, RuntimePair>();
  // One pair per runtime for the whole file (a runtime's start-up costs seconds).
  beforeAll(async () => {
    const ready = await createWorkspace();
    workspace = ready;
    // The runtimes start side by side (a start-up mostly waits); a failure is thrown once all settled.
    const available = TABLE_RUNTIMES.filter((runtime) => missing.get(runtime) === null);
    const started = await Promise.allSettled(available.map((runtime) => startPair(runtime, ready)));
    started.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') pairs.set(available[i] as TableRuntime, outcome.value);
    });
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }, 240_000);
  afterAll(async () => {
    await Promise.allSettled([...pairs.values()].map((pair) => pair.close()));
    workspace?.remove();
  });

  for (const runtime of TABLE_RUNTIMES) {
    const reason = missing.get(runtime) ?? null;
    const on = `on ${runtime}${reason === null ? '' : ` (skipped: ${reason})`}`;

    it.skipIf(reason !== null)(`${on}: cms-json answers the list and the item from its seeded links`, () => {
      const pair = pairs.get(runtime);
      const list = JSON.parse(pair?.answers.get('list')?.body.toString('utf8') ?? 'null') as { id: number }[];
      expect(list.map((link) => link.id)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
      const item = JSON.parse(pair?.answers.get('item')?.body.toString('utf8') ?? 'null') as { id: number; title: string };
      expect(item).toMatchObject({ id: 3, title: 'Link 3' });
    });

    it.skipIf(reason !== null)(`${on}: both baselines start and send the same status, body bytes and header lines`, () => {
      const pair = pairs.get(runtime);
      expect(Object.fromEntries(pair?.missing ?? [])).toEqual({});
      for (const role of ['static', 'hand-written']) {
        for (const loadCase of RUNTIME_CASES) {
          const check = pair?.checks.get(`${role}:${loadCase.id}`);
          expect(check, `${role}:${loadCase.id}`).toMatchObject({
            status: true,
            body: true,
            sameHeaderSet: true,
            headerDiff: [],
          });
        }
      }
    });
  }
});
