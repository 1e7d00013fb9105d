import {
  conformanceWorker,
  createConformanceServer,
  FALLBACK_STATUS,
  FIXTURE_NOTE_COUNT,
  FIXTURE_STATE_PATH,
  fallbackText,
} from '@cms-json/adapter-conformance';
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from '../src/index.js';

const EDITOR = { 'x-test-user': 'editor', 'content-type': 'application/json' };

describe('the fixture served in another process (conformanceWorker)', () => {
  it('answers its state: the note count and the errors reported, oldest first', async () => {
    const worker = conformanceWorker(createFetchHandler);
    const state = async () => (await worker.fetch(new Request(`http://w.test${FIXTURE_STATE_PATH}`))).json();
    expect(await state()).toEqual({ notes: FIXTURE_NOTE_COUNT, reported: [] });
    const created = await worker.fetch(
      new Request('http://w.test/cms-json/demo/v1/notes', { method: 'POST', headers: EDITOR, body: '{"title":"t","body":"b"}' }),
    );
    expect(created.status).toBe(201);
    expect((await worker.fetch(new Request('http://w.test/broken'))).status).toBe(500);
    expect(await state()).toEqual({
      notes: FIXTURE_NOTE_COUNT + 1,
      reported: [{ message: 'page handler failure (expected by the conformance suite)' }],
    });
  });

  it('passes what it does not serve to the host fallback, body unread', async () => {
    const worker = conformanceWorker(createFetchHandler);
    const res = await worker.fetch(new Request('http://w.test/elsewhere', { method: 'POST', body: 'abc' }));
    expect(res.status).toBe(FALLBACK_STATUS);
    expect(await res.text()).toBe(fallbackText('abc'));
  });

  it('serves no state page unless asked to, and still reports to the given onError', async () => {
    const reported: unknown[] = [];
    const handler = createFetchHandler(createConformanceServer({ onError: (error) => void reported.push(error) }).server);
    expect((await handler(new Request(`http://w.test${FIXTURE_STATE_PATH}`))).status).toBe(404);
    const exposed: unknown[] = [];
    const withState = createFetchHandler(
      createConformanceServer({ exposeState: true, onError: (error) => void exposed.push(error) }).server,
    );
    expect((await withState(new Request('http://w.test/broken'))).status).toBe(500);
    expect(exposed).toEqual([expect.objectContaining({ message: expect.stringContaining('page handler failure') })]);
  });
});
