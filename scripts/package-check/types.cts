// The CommonJS side of types.ts, under moduleResolution node16: `require` resolves each
// entry point's `.d.cts` types.
import core = require('@cms-json/core');
import testing = require('@cms-json/core/testing');
import content = require('@cms-json/content');
import database = require('@cms-json/database');
import express = require('@cms-json/express');
import fetch = require('@cms-json/fetch');
import fetchNode = require('@cms-json/fetch/node');
import node = require('@cms-json/node');
import openapi = require('@cms-json/openapi');
import viewer = require('@cms-json/openapi/viewer');
import browsable = require('@cms-json/browsable');

const server: core.RestServer = core.createRestServer();
const client = testing.testClient(server);
const listener: ReturnType<typeof node.createRequestListener> = node.createRequestListener(server);
const middleware = express.createMiddleware(server);
const handler: fetch.FetchHandler = fetch.createFetchHandler(server);
const bridge: fetchNode.NodeListener = fetchNode.toNodeListener(handler);
const opened: database.Database<content.ContentTables> = database.openDatabase<content.ContentTables>({ url: 'sqlite::memory:' });
const plugins: core.Plugin[] = [openapi.openapi(), viewer.apiViewer(), browsable.browsable()];
export = { client, listener, middleware, handler, bridge, opened, plugins, plugin: content.contentPlugin };
