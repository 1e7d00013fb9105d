import { FALLBACK_STATUS, fallbackText, runAdapterConformance } from '@cms-json/adapter-conformance';
import { createFetchHandler } from '../src/index.js';

const quiet = () => {};
const fallback = async (request: Request) => new Response(fallbackText(await request.text()), { status: FALLBACK_STATUS });

runAdapterConformance({
  name: 'fetch handler called with Request objects',
  start: async (server) => {
    const handler = createFetchHandler(server, { fallback, onError: quiet });
    return { baseUrl: 'http://adapter.test', request: handler, close: async () => {} };
  },
});

runAdapterConformance({
  name: 'fetch handler under /edge, called with Request objects',
  start: async (server) => {
    const handler = createFetchHandler(server, { basePath: '/edge', fallback, onError: quiet });
    return { baseUrl: 'https://adapter.test/edge', request: handler, close: async () => {} };
  },
});

// Behind a node:http wrapper: examples/fetch/test/conformance.test.ts runs the suite through
// the example's own wrapper, the one docs/adapters.md shows.
