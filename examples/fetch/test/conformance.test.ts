import { FALLBACK_STATUS, fallbackText, listen, runAdapterConformance } from '@cms-json/adapter-conformance';
import { createFetchHandler } from '@cms-json/fetch';
import { toNodeListener } from '../src/node-listener.js';

const quiet = () => {};
const fallback = async (request: Request) => new Response(fallbackText(await request.text()), { status: FALLBACK_STATUS });

// The example's node:http wrapper, held to the same suite as every adapter.
runAdapterConformance({
  name: 'fetch handler behind the example node:http wrapper',
  start: async (server) => {
    const host = await listen(toNodeListener(createFetchHandler(server, { fallback, onError: quiet })));
    return { baseUrl: host.origin, close: host.close };
  },
});
