/**
 * The framework that generated a description (lib/errors/frameworks.ts), recognised by its generator's
 * evidence, words the error-body fix of `ax-recoverable-error-schema` as that framework's body plus what it
 * lacks; a lookalike (one operationId in the style, snake_case names without Django REST framework's verbs, a
 * schema named like FastAPI's without its shape, two frameworks at once) keeps the generic fix.
 */
import { at, oas3, swagger2 } from './support/documents';
import { testRule } from './support/testRule';
import { checkResponse } from '../runtime';

const string = { type: 'string' };
const NO_BODY = { description: 'Not found' };
const GENERIC = 'an object schema requiring a `code` and a `message`';
const CONTENT = '`content: { application/json: { schema } }`';

/** An operation answering 200 and a 404 without a body, under `operationId`. */
const operation = (operationId: string) => ({ operationId, responses: { '200': { description: 'OK' }, '404': NO_BODY } });
const nestPaths = {
  '/orders': { post: operation('OrdersController_create'), get: operation('OrdersController_findAll') },
};
const noBody = (path: string, method: string, fix: string, content = CONTENT) => ({
  path: at(path, method, '404'),
  message: `${method.toUpperCase()} ${path} 404: the error response declares no body. Add ${content}: ${fix}.`,
});

const NEST = 'the body NestJS sends, `{ statusCode, message, error }` (keep `message` a `string[]` where it is one), plus a required `code`';
const FASTAPI = 'the body FastAPI sends, `{ detail }` (a string, as `HTTPException` sends it), plus a required `code`';
const DRF = 'the body Django REST framework sends, `{ detail }`, plus a required `code`';
const SPRING = 'the body Spring Boot sends, `{ timestamp, status, error, path }`, plus a required `code` and `message`';
const FASTIFY = 'the body Fastify sends, `{ statusCode, code, error, message }`, plus `code` and `message` required';

const ASPNET = 'the body ASP.NET Core sends, `ProblemDetails` `{ type, title, status, detail }`, plus `type` (a URI naming the error) and `detail` required';
const API_PLATFORM =
  'the body API Platform sends, `hydra:Error` `{ hydra:title, hydra:description }` (a 422 `ConstraintViolationList` adds `violations`), plus a required `code`';
const ORDER = { type: 'object', properties: { id: string } };

const FASTAPI_SCHEMAS = {
  HTTPValidationError: { type: 'object', properties: { detail: { type: 'array', items: { $ref: '#/components/schemas/ValidationError' } } } },
  ValidationError: { type: 'object', required: ['loc', 'msg', 'type'], properties: { loc: { type: 'array', items: string }, msg: string, type: string } },
};

testRule('ax-recoverable-error-schema', [
  {
    name: "NestJS (OpenAPI 3.0): @nestjs/swagger's `OrdersController_create` operationIds",
    document: oas3(nestPaths),
    errors: [noBody('/orders', 'post', NEST), noBody('/orders', 'get', NEST)],
  },
  {
    name: 'FastAPI (OpenAPI 3.1): its `HTTPValidationError` of `ValidationError { loc, msg, type }`',
    document: oas3({ '/items/{id}': { get: operation('read_item_items__id__get') } }, { schemas: FASTAPI_SCHEMAS }, '3.1.0'),
    errors: [noBody('/items/{id}', 'get', FASTAPI)],
  },
  {
    name: 'Django REST framework (Swagger 2.0, drf-yasg): `orders_list`, `orders_read`',
    document: swagger2({ '/orders/': { get: operation('orders_list') }, '/orders/{id}/': { get: operation('orders_read') } }),
    errors: [noBody('/orders/', 'get', DRF, 'a `schema`'), noBody('/orders/{id}/', 'get', DRF, 'a `schema`')],
  },
  {
    name: 'Spring Boot (OpenAPI 3.0, springdoc): its "Generated server url"',
    document: {
      ...(oas3({ '/orders': { get: operation('getOrders') } }) as object),
      servers: [{ url: 'http://localhost:8080', description: 'Generated server url' }],
    },
    errors: [noBody('/orders', 'get', SPRING)],
  },
  {
    name: 'Spring Boot (Swagger 2.0, Springfox): its `getOrdersUsingGET`, `createOrderUsingPOST_1` operationIds',
    document: swagger2(
      { '/orders': { get: operation('getOrdersUsingGET'), post: operation('createOrderUsingPOST_1') } },
      { host: 'api.example.com', basePath: '/' },
    ),
    errors: [noBody('/orders', 'get', SPRING, 'a `schema`'), noBody('/orders', 'post', SPRING, 'a `schema`')],
  },
  {
    name: 'API Platform (OpenAPI 3.0): its `Order.jsonld`, `Order.jsonld-read` schemas beside `Order`',
    document: oas3(
      { '/api/orders/{id}': { get: operation('api_orders_id_get') } },
      { schemas: { Order: ORDER, 'Order.jsonld': ORDER, 'Order.jsonld-read': { allOf: [{ $ref: '#/components/schemas/Order' }] } } },
    ),
    errors: [noBody('/api/orders/{id}', 'get', API_PLATFORM)],
  },
  {
    name: 'lookalikes: one `…UsingGET` of three operationIds; one `.jsonld` schema',
    document: oas3(
      { '/orders': { get: operation('getOrdersUsingGET'), post: operation('createOrder'), put: operation('replaceOrders') } },
      { schemas: { 'Order.jsonld': ORDER } },
    ),
    errors: [noBody('/orders', 'get', GENERIC), noBody('/orders', 'post', GENERIC), noBody('/orders', 'put', GENERIC)],
  },
  {
    name: 'Fastify (OpenAPI 3.0, @fastify/swagger): its hoisted `def-0`, `def-1` schemas',
    document: oas3({ '/orders': { get: operation('getOrders') } }, { schemas: { 'def-0': { type: 'object' }, 'def-1': { type: 'object' } } }),
    errors: [noBody('/orders', 'get', FASTIFY)],
  },
  {
    name: 'ASP.NET Core (OpenAPI 3.0, Swashbuckle): a body under `text/plain`, `application/json` and `text/json` together',
    document: oas3({
      '/orders': {
        get: {
          operationId: 'GetOrders',
          responses: {
            '200': { description: 'OK', content: Object.fromEntries(['text/plain', 'application/json', 'text/json'].map(type => [type, { schema: ORDER }])) },
            '404': NO_BODY,
          },
        },
      },
    }),
    errors: [noBody('/orders', 'get', ASPNET)],
  },
  {
    name: "Django REST framework's own body only where it sends it: a 400 is a map of fields, a 500 Django's HTML page (OpenAPI 3.0)",
    document: oas3({
      '/orders/': { get: operation('orders_list') },
      '/orders/{id}/': {
        get: operation('orders_retrieve'),
        patch: {
          operationId: 'orders_partial_update',
          responses: { '200': { description: 'OK' }, '400': { description: 'Invalid' }, '500': { description: 'Failed' } },
        },
      },
    }),
    errors: [
      noBody('/orders/', 'get', DRF),
      noBody('/orders/{id}/', 'get', DRF),
      { path: at('/orders/{id}/', 'patch', '400'), message: `PATCH /orders/{id}/ 400: the error response declares no body. Add ${CONTENT}: ${GENERIC}.` },
      { path: at('/orders/{id}/', 'patch', '500'), message: `PATCH /orders/{id}/ 500: the error response declares no body. Add ${CONTENT}: ${GENERIC}.` },
    ],
  },
  {
    name: "FastAPI's `{ detail }` for a client error only: Starlette answers a 500 with text/plain (OpenAPI 3.1)",
    document: oas3(
      {
        '/items/{id}': {
          get: { operationId: 'read_item_items__id__get', responses: { '200': { description: 'OK' }, '404': NO_BODY, '500': { description: 'Failed' } } },
        },
      },
      { schemas: FASTAPI_SCHEMAS },
      '3.1.0',
    ),
    errors: [
      noBody('/items/{id}', 'get', FASTAPI),
      { path: at('/items/{id}', 'get', '500'), message: `GET /items/{id} 500: the error response declares no body. Add ${CONTENT}: ${GENERIC}.` },
    ],
  },
  {
    name: 'lookalike: `application/json` and `text/plain` without `text/json`',
    document: oas3({
      '/orders': {
        get: {
          operationId: 'GetOrders',
          responses: {
            '200': { description: 'OK', content: Object.fromEntries(['text/plain', 'application/json'].map(type => [type, { schema: ORDER }])) },
            '404': NO_BODY,
          },
        },
      },
    }),
    errors: [noBody('/orders', 'get', GENERIC)],
  },
  {
    name: 'lookalike: one operationId of three in the NestJS style is no evidence',
    document: oas3({ '/orders': { post: operation('OrdersController_create'), get: operation('listOrders'), put: operation('replaceOrders') } }),
    errors: [noBody('/orders', 'post', GENERIC), noBody('/orders', 'get', GENERIC), noBody('/orders', 'put', GENERIC)],
  },
  {
    name: "lookalike: snake_case `orders_list`, `orders_create` without Django REST framework's retrieve, read, partial_update or destroy",
    document: oas3({ '/orders': { get: operation('orders_list'), post: operation('orders_create') } }),
    errors: [noBody('/orders', 'get', GENERIC), noBody('/orders', 'post', GENERIC)],
  },
  {
    name: "lookalike: a schema named `HTTPValidationError` without FastAPI's `ValidationError { loc, msg, type }`",
    document: oas3({ '/items': { get: operation('getItems') } }, { schemas: { HTTPValidationError: { type: 'object', properties: { errors: string } } } }),
    errors: [noBody('/items', 'get', GENERIC)],
  },
  {
    name: 'two frameworks at once (NestJS operationIds, FastAPI schemas): no guess, the generic fix',
    document: oas3(nestPaths, { schemas: FASTAPI_SCHEMAS }),
    errors: [noBody('/orders', 'post', GENERIC), noBody('/orders', 'get', GENERIC)],
  },
]);

/** The runtime guard reads a live NestJS body as the lint reads its schema: `message: string[]` is the message. */
describe("the runtime guard on NestJS's body", () => {
  const api = oas3({
    '/orders': {
      post: {
        operationId: 'OrdersController_create',
        'x-ax-retryable': false,
        responses: {
          '201': { description: 'Created' },
          '400': {
            description: 'Invalid',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['statusCode', 'code', 'message', 'error'],
                  properties: { statusCode: { type: 'integer' }, code: string, message: { type: 'array', items: string }, error: string },
                },
              },
            },
          },
        },
      },
    },
  });
  const answer = (message: unknown) => ({
    method: 'POST',
    path: '/orders',
    status: 400,
    body: { statusCode: 400, code: 'VALIDATION_ERROR', message, error: 'Bad Request' },
  });
  const rules = (message: unknown) => checkResponse(api, answer(message)).map(found => found.rule);

  test('a list of sentences is the message; an empty list or a list of objects is none', () => {
    expect(rules(['quantity must be an integer number'])).not.toContain('ax-recoverable-error-structure');
    expect(rules([])).toContain('ax-recoverable-error-structure');
    expect(rules([{ text: 'quantity must be an integer number' }])).toContain('ax-recoverable-error-structure');
  });
});
