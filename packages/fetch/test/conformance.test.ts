import { FALLBACK_STATUS, fallbackText, listen, runAdapterConformance } from '@cms-json/adapter-conformance';
import { createFetchHandler } from '../src/index.js';
import { toNodeListener } from '../src/node.js';

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

// On node:http through the shipped bridge: the lazy Request and Response (examples/fetch runs
// the same suite through the example's server).

runAdapterConformance({
  name: 'fetch handler on node:http through toNodeListener',
  start: async (server) => {
    const host = await listen(toNodeListener(createFetchHandler(server, { fallback, onError: quiet }), { onError: quiet }));
    return { baseUrl: host.origin, close: host.close };
  },
});
