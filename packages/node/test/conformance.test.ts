import { hostFallback, listen, runAdapterConformance } from '@cms-json/adapter-conformance';
import { createHandler, serve } from '../src/index.js';

const quiet = () => {};

runAdapterConformance({
  name: 'node serve() + createRequestListener',
  start: async (server) => {
    const served = await serve({
      server,
      port: 0,
      onError: quiet,
      fallback: (req, res) => void hostFallback(req as never, res as never),
    });
    return { baseUrl: served.url, close: served.close };
  },
});

runAdapterConformance({
  name: 'node createHandler under /sites/one/api in an existing server',
  start: async (server) => {
    const handle = createHandler(server, { basePath: '/sites/one/api/', onError: quiet });
    const host = await listen(async (req, res) => {
      if (await handle(req, res)) return;
      await hostFallback(req, res);
    });
    return { baseUrl: `${host.origin}/sites/one/api`, close: host.close };
  },
});
