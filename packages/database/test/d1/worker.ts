/**
 * The D1 test worker (`workerd.test.ts` bundles it as wrangler does and serves it on workerd):
 * `GET /checks` runs every check of `checks.ts` on `env.DB` and answers what they found;
 * `GET /second-start` what a later start sees of the same D1 database.
 *
 * @module
 */
import { runD1Checks, secondStart } from './checks.js';

export default {
  async fetch(request: Request, env: Record<string, unknown>): Promise<Response> {
    const { pathname } = new URL(request.url);
    try {
      if (pathname === '/checks') return Response.json(await runD1Checks(env['DB']));
      if (pathname === '/second-start') return Response.json(await secondStart(env['DB']));
      return Response.json({ error: `no route ${pathname}` }, { status: 404 });
    } catch (error) {
      return Response.json(
        { error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) },
        { status: 500 },
      );
    }
  },
};
