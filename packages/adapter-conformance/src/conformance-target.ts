/**
 * The two ways the conformance suite reaches an adapter: the fixture server made in the suite's
 * process and mounted by `start`, or served elsewhere (another runtime) by `startRemote`, its
 * state then read from its own page over HTTP.
 *
 * @module
 */
import type { RestServer } from '@cms-json/core';
import { type ConformanceTarget, send } from './client.js';
import type { FALLBACK_STATUS, fallbackText } from './fallback.js';
import { type ConformanceFixtureState, createConformanceServer, FIXTURE_STATE_PATH } from './fixture.js';

/** Options of {@link runAdapterConformance} every adapter has. */
export interface ConformanceCommonOptions {
  /** The adapter's name, shown in the test titles. */
  name: string;
  /**
   * Cases the adapter's runtime cannot pass, by test title, with the reason (shown in the
   * skipped test's title, and written in docs/adapters.md): `{ 'answers 500 when …': 'workerd sends …' }`.
   * A title that names no case is an error.
   */
  notApplicable?: Readonly<Record<string, string>>;
}

/** Options of {@link runAdapterConformance} for an adapter run in the suite's process. */
export interface InProcessConformanceOptions extends ConformanceCommonOptions {
  /**
   * Mounts `server` with the adapter and starts it. Requests the adapter does not serve must
   * reach a host fallback answering {@link FALLBACK_STATUS} with {@link fallbackText}.
   */
  start: (server: RestServer) => Promise<ConformanceTarget>;
}

/**
 * Options of {@link runAdapterConformance} for an adapter serving the fixture in another process
 * (another runtime): the suite reads the fixture's state over HTTP (its `exposeState` page).
 */
export interface RemoteConformanceOptions extends ConformanceCommonOptions {
  /**
   * Starts a server of the fixture made with `createConformanceServer({ exposeState: true })`
   * (as `remote-worker.ts` does), with the same host fallback, and returns its URL.
   */
  startRemote: () => Promise<ConformanceTarget>;
}

/** Options of {@link runAdapterConformance}: the adapter in process, or serving the fixture elsewhere. */
export type AdapterConformanceOptions = InProcessConformanceOptions | RemoteConformanceOptions;

/** What the suite reads of the fixture: in process, or from its state page. */
export interface FixtureProbe {
  noteCount(): Promise<number>;
  /** The errors reported to the server's `onError` so far, oldest first. */
  reported(): Promise<unknown[]>;
}

/**
 * Starts the adapter the options name: the target the suite sends its requests to, and what
 * it reads of the fixture (its note count, the errors reported to its `onError`).
 *
 * @example
 * const { target, fixture } = await startConformanceTarget({ name: 'node', start });
 */
export async function startConformanceTarget(
  options: AdapterConformanceOptions,
): Promise<{ target: ConformanceTarget; fixture: FixtureProbe }> {
  if ('start' in options) {
    // What the server reports through its `onError` hook: captured and asserted, not printed.
    const reported: unknown[] = [];
    const local = createConformanceServer({ onError: (error) => void reported.push(error) });
    const fixture: FixtureProbe = { noteCount: async () => local.notes.size, reported: async () => [...reported] };
    return { target: await options.start(local.server), fixture };
  }
  const target = await options.startRemote();
  const state = async (): Promise<ConformanceFixtureState> => {
    const res = await send(target, FIXTURE_STATE_PATH);
    if (res.status !== 200) throw new Error(`The fixture's state page answered ${res.status}: ${res.text.slice(0, 300)}`);
    return JSON.parse(res.text) as ConformanceFixtureState;
  };
  return { target, fixture: { noteCount: async () => (await state()).notes, reported: async () => (await state()).reported } };
}
