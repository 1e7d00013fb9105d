/**
 * BUG-0 probe, run once per test file at import: whether a plain read of an existing link
 * (`GET /tel/v1/outgoing-links/1`) fails. While the core parses the plugin's async `id`
 * refinement synchronously it answers 500 `rest_internal_error` ($ZodAsyncError); the tests
 * that need the item routes are then skipped, and the BUG-0 sentinel (an expected failure)
 * records it. Once fixed, the sentinel is not run and everything runs.
 *
 * @module
 */
import { buildHarness, handle } from './harness.js';

async function probe(): Promise<{ broken: boolean; answer: string }> {
  const h = await buildHarness({ mode: 'parts' });
  try {
    const link = await h.createLink('Probe', 'https://probe.test');
    const res = await handle(h.server, { method: 'GET', url: `/cms-json/tel/v1/outgoing-links/${link.id}`, headers: {} });
    return { broken: res.status !== 200, answer: `${res.status} ${res.body}` };
  } finally {
    await h.close();
  }
}

const result = await probe();
/** True while BUG-0 is present. */
export const itemRoutesBroken: boolean = result.broken;
/** What the probe got, for messages. */
export const itemProbeAnswer: string = result.answer;
