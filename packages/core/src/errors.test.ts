import { describe, expect, it, vi } from 'vitest';
import { createDemoServer } from '../test/fixture.js';
import {
  coreError,
  createRestServer,
  defineRoute,
  denied,
  ERROR_CODES,
  errorFactory,
  isRestError,
  READABLE,
  RestError,
  toRestError,
} from './index.js';
import { testClient } from './testing.js';

describe('RestError', () => {
  it('takes status and message from the table for known codes', () => {
    const error = new RestError('rest_no_route');
    expect(error.toBody()).toEqual({
      code: 'rest_no_route',
      message: ERROR_CODES.rest_no_route.message,
      data: { status: 404 },
    });
  });

  it('writes earlier data as additional_data, as the original does for data added twice', () => {
    const error = new RestError('term_exists', 'A term with the name provided already exists.', {
      status: 400,
      data: { term_id: 7 },
      additionalData: [7, 7],
    });
    expect(error.toBody()).toEqual({
      code: 'term_exists',
      message: 'A term with the name provided already exists.',
      data: { status: 400, term_id: 7 },
      additional_data: [7, 7],
    });
  });

  it('defaults an unknown code without a status to 500, as the original does', () => {
    expect(new RestError('tel/rest/insert', 'Could not insert.').toBody().data.status).toBe(500);
  });

  it('takes a status given in data, and keeps status first in the body', () => {
    const error = new RestError('demo_conflict', 'Taken.', { data: { status: 409, id: 3 } });
    expect(error.status).toBe(409);
    expect(JSON.stringify(error.toBody())).toBe('{"code":"demo_conflict","message":"Taken.","data":{"status":409,"id":3}}');
  });

  it('denies with 401 to an anonymous caller and 403 to an authenticated one', () => {
    expect(denied({ user: null }, 'rest_forbidden').toBody()).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    });
    expect(denied({ user: { id: 1 } }, 'rest_forbidden').status).toBe(403);
    expect(denied({ user: { id: 1 } }, 'shop_no', 'No.').toBody()).toEqual({
      code: 'shop_no',
      message: 'No.',
      data: { status: 403 },
    });
  });

  it("makes the errors of a package's own table with its statuses and messages", () => {
    const shopError = errorFactory({
      shop_sold_out: { status: 409, message: 'Sold out.' },
      'shop_sold_out.partly': { code: 'shop_sold_out', status: 409, message: 'Only {left} left.' },
    } as const);
    expect(shopError('shop_sold_out').toBody()).toEqual({ code: 'shop_sold_out', message: 'Sold out.', data: { status: 409 } });
    expect(shopError('shop_sold_out.partly', { params: { left: 2 }, data: { left: 2 } }).toBody()).toEqual({
      code: 'shop_sold_out',
      message: 'Only 2 left.',
      data: { status: 409, left: 2 },
    });
  });

  it("sends a row's status and wire code, whatever data the call site gives", () => {
    const refusal = coreError('rest_invalid_param', { params: { names: 'a, b' }, data: { status: 200, params: {} } });
    expect(refusal.toBody()).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): a, b',
      data: { status: 400, params: {} },
    });
  });

  it('recognises errors from another copy of the module', () => {
    const foreign = Object.create(Object.getPrototypeOf(new RestError('rest_no_route')));
    expect(isRestError(foreign)).toBe(true);
    expect(isRestError(new Error('x'))).toBe(false);
    expect(toRestError('boom').code).toBe('rest_internal_error');
  });

  it('every table code has a status and a message', () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      expect([0, 400, 401, 403, 404, 412, 413, 500, 501, 503], code).toContain(info.status);
      expect(info.message.length, code).toBeGreaterThan(0);
    }
  });
});

describe('errors on the wire', () => {
  it('denies with 401 to anonymous callers and 403 to authenticated ones', async () => {
    const client = testClient(createDemoServer().server);
    const anonymous = await client.delete('/demo/v1/notes/1');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    });
    const reader = await client.delete('/demo/v1/notes/1', { headers: { 'x-test-user': 'reader' } });
    expect(reader.status).toBe(403);
    expect(reader.body.data.status).toBe(403);
  });

  it('turns an unknown thrown value into a bare 500 and hands it to onError', async () => {
    const onError = vi.fn();
    const client = testClient(createDemoServer({ onError }).server);
    const res = await client.get('/demo/v1/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'rest_internal_error', message: 'An internal error occurred.', data: { status: 500 } });
    expect(res.text).not.toContain('passwd');
    expect(res.text).not.toContain('at ');
    expect(onError).toHaveBeenCalledTimes(1);
    const [error, request] = onError.mock.calls[0] as [Error, { path: string }];
    expect(error.message).toBe('secret internals /etc/passwd');
    expect(request.path).toBe('/demo/v1/boom');
  });

  it('turns a throwing permission check into a 500, and a failing onError into nothing worse', async () => {
    const server = createRestServer({
      onError: () => {
        throw new Error('hook failed');
      },
    });
    server.register(
      'demo/v1',
      defineRoute({
        path: '/x',
        endpoints: (e) => [
          e({
            methods: READABLE,
            permission: () => {
              throw new Error('db down');
            },
            handler: () => ({}),
          }),
        ],
      }),
    );
    const res = await testClient(server).get('/demo/v1/x');
    expect(res.status).toBe(500);
    expect(res.header('Allow'), 'no method allowed: no Allow header, as the original').toBeUndefined();
  });

  it('passes a plugin error through with its own code and status', async () => {
    const server = createRestServer();
    server.register(
      'demo/v1',
      defineRoute({
        path: '/x',
        endpoints: (e) => [
          e({
            methods: READABLE,
            permission: 'public',
            handler: () => {
              throw new RestError('tel/rest/item', 'Please enter a title.', { status: 400 });
            },
          }),
        ],
      }),
    );
    const res = await testClient(server).get('/demo/v1/x');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'tel/rest/item', message: 'Please enter a title.', data: { status: 400 } });
  });

  it('lets a permission check deny with its own error', async () => {
    const server = createRestServer();
    server.register(
      'demo/v1',
      defineRoute({
        path: '/x',
        endpoints: (e) => [e({ methods: READABLE, permission: () => new RestError('rest_not_logged_in'), handler: () => ({}) })],
      }),
    );
    const res = await testClient(server).get('/demo/v1/x');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('rest_not_logged_in');
  });
});

describe('a database that cannot be reached', () => {
  it('answers 503 rest_database_unavailable in the error shape, not a 500', async () => {
    const server = createRestServer();
    server.register(
      'demo/v1',
      defineRoute({
        path: '/down',
        endpoints: (endpoint) => [
          endpoint({
            methods: READABLE,
            permission: 'public',
            handler: () => {
              // What @cms-json/database throws when the pool cannot connect.
              const error = new Error('connect ECONNREFUSED 127.0.0.1:5432');
              Object.defineProperty(error, Symbol.for('cms-json.database-unavailable'), { value: true });
              throw error;
            },
          }),
        ],
      }),
    );
    const res = await testClient(server).get('/demo/v1/down');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      code: 'rest_database_unavailable',
      message: 'The database is unavailable. Try again shortly.',
      data: { status: 503 },
    });
  });
});
