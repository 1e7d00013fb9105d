import { FALLBACK_STATUS, fallbackText, listen, runAdapterConformance } from '@cms-json/adapter-conformance';
import { createFetchHandler } from '@cms-json/fetch';
import { toNodeListener } from '@cms-json/fetch/node';

const quiet = () => {};
const fallback = async (request: Request) => new Response(fallbackText(await request.text()), { status: FALLBACK_STATUS });

// The way the example serves the handler on Node (main.ts), held to the same suite as every adapter.
runAdapterConformance({
  name: 'fetch handler on node:http as the example serves it',
  start: async (server) => {
    const host = await listen(toNodeListener(createFetchHandler(server, { fallback, onError: quiet }), { onError: quiet }));
    return { baseUrl: host.origin, close: host.close };
  },
});
