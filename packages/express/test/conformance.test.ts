import { hostFallback, listen, runAdapterConformance } from '@cms-json/adapter-conformance';
import express from 'express';
import { createMiddleware } from '../src/index.js';

for (const mount of ['', '/api']) {
  runAdapterConformance({
    name: `express mounted at '${mount || '/'}'`,
    start: async (server) => {
      const app = express();
      if (mount === '') app.use(createMiddleware(server));
      else app.use(mount, createMiddleware(server));
      app.use((req, res) => void hostFallback(req, res));
      const host = await listen(app);
      return { baseUrl: `${host.origin}${mount}`, close: host.close };
    },
  });
}
