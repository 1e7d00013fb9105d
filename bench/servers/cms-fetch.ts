/**
 * cms-json through the Fetch adapter on `node:http`, as a user serves it there: the shipped
 * bridge, `toNodeListener(createFetchHandler(server))` from `@cms-json/fetch/node`.
 *
 * @module
 */
import { createServer } from 'node:http';
import { createFetchHandler } from '@cms-json/fetch';
import { toNodeListener } from '@cms-json/fetch/node';
import { databaseFile, listen, main } from '../shared/child-runtime.js';
import { createCmsApp } from '../shared/cms-app.js';

main(async () => {
  const cms = await createCmsApp(databaseFile());
  await listen(createServer(toNodeListener(createFetchHandler(cms.server))), { close: cms.close });
});
