/**
 * The conformance suite every cms-json adapter runs (private to this repository). An
 * adapter's test file calls {@link runAdapterConformance} with a `start` function that
 * mounts the fixture server and returns its URL.
 *
 * @example
 * ```ts
 * import { runAdapterConformance } from '@cms-json/adapter-conformance';
 * runAdapterConformance({ name: 'my-adapter', start: async (server) => startMyAdapter(server) });
 * ```
 *
 * @module
 */
export {
  type ConformanceTarget,
  chunksOf,
  type RawResponse,
  type RawSendOptions,
  type ReadResponse,
  rawSend,
  readText,
  send,
  splitLinks,
  streamOf,
} from './client.js';
export {
  type ConformanceFixture,
  type ConformanceFixtureState,
  type ConformanceServerOptions,
  createConformanceServer,
  FIXTURE_CURIE,
  FIXTURE_MAX_BODY_BYTES,
  FIXTURE_MAX_UPLOAD_BYTES,
  FIXTURE_NOTE_COUNT,
  FIXTURE_STATE_PATH,
  FIXTURE_VIEWER_PATH,
} from './fixture.js';
export { hostFallback, listen, type TestHost } from './node-host.js';
export { conformanceWorker, type RemoteAdapterOptions } from './remote-fixture.js';
export { REMOTE_PACKAGES, type RemoteConformanceProject, remoteConformanceProject } from './remote-project.js';
export {
  type AdapterConformanceOptions,
  FALLBACK_STATUS,
  fallbackText,
  type InProcessConformanceOptions,
  type RemoteConformanceOptions,
  runAdapterConformance,
} from './suite.js';
