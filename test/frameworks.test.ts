/**
 * The framework that generated a description (lib/errors/frameworks.ts), recognised by its generator's
 * evidence, words the error-body fix of `ax-recoverable-error-schema` as that framework's body plus what it
 * lacks; a lookalike (one operationId in the style, snake_case names without Django REST framework's verbs, a
 * schema named like FastAPI's without its shape, two frameworks at once) keeps the generic fix.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lint } from '../cli/lint';
import { at, body, oas3, ref, swagger2 } from './support/documents';
import { runRule, testRule } from './support/testRule';
import { checkResponse } from '../runtime';

const string = { type: 'string' };
const NO_BODY = { description: 'Not found' };
const GENERIC = 'an object schema requiring a `code` and a `message`';
const CONTENT = '`content: { application/json: { schema } }`';
const LD_CONTENT = '`content: { application/ld+json: { schema } }`';

/** An operation answering 200 and a 404 without a body, under `operationId`. */
const operation = (operationId: string) => ({ operationId, responses: { '200': { description: 'OK' }, '404': NO_BODY } });
const nestPaths = {
  '/orders': { post: operation('OrdersController_create'), get: operation('OrdersController_findAll') },
};
const noBody = (path: string, method: string, fix: string, content = CONTENT, status = '404') => ({
  path: at(path, method, status),
  message: `${method.toUpperCase()} ${path} ${status}: the error response declares no body. Add ${content}: ${fix}.`,
});

/** `noBody` for each `[path, method]`, told the same fix. */
const noBodies = (operations: [string, string][], fix: string, content?: string) => operations.map(([path, method]) => noBody(path, method, fix, content));

const NEST = 'the body NestJS sends, `{ statusCode, message, error }` (keep `message` a `string[]` where it is one), plus a required `code`';
const FASTAPI = 'the body FastAPI sends, `{ detail }` (a string, as `HTTPException` sends it), plus a required `code`';
const DRF = 'the body Django REST framework sends, `{ detail }`, plus a required `code`';
const SPRING = 'the body Spring Boot sends, `{ timestamp, status, error, path }`, plus a required `code` and `message`';
const FASTIFY = 'the body Fastify sends, `{ statusCode, code, error, message }`, plus `code` and `message` required';

const ASPNET = 'the body ASP.NET Core sends, `ProblemDetails` `{ type, title, status, detail }`, plus `type` (a URI) and `detail` required';
const ORDER = { type: 'object', properties: { id: string } };
const HYDRA = '`hydra:Error`';
const RFC_7807 = 'RFC 7807 `{ type, title, detail, status }`';
const HYDRA_MESSAGE = '`hydra:description`';
const API_PLATFORM = `the body API Platform sends, ${HYDRA}, plus a required \`code\`, with ${HYDRA_MESSAGE} required`;
const API_PLATFORM_JSON = `the body API Platform sends, ${RFC_7807}, plus a required \`code\`, with \`detail\` required`;
/** API Platform's body per media type: Hydra's to JSON-LD, RFC 7807's to JSON, in the order of the `content` named. */
const apiPlatformBoth = (adds = '') =>
  `API Platform's ${RFC_7807} and ${HYDRA}${adds}, each plus a required \`code\`, with \`detail\` and ${HYDRA_MESSAGE} required`;
const API_PLATFORM_BOTH = apiPlatformBoth();
const BOTH_CONTENT = '`content` for `application/json` and `application/ld+json`';
const VIOLATIONS = ' (a 422 `ConstraintViolationList` adds `violations`)';
/** API Platform's operation: its resource under JSON, JSON-LD and HTML (`$ref`s to `Order`, `Order.jsonld-read`), errors without a body. */
const apiPlatformOperation = (operationId: string, errors: object, jsonld: object = ref('Order.jsonld-read')) => ({
  operationId,
  responses: {
    '200': {
      description: 'Order resource',
      content: { 'application/json': { schema: ref('Order') }, 'application/ld+json': { schema: jsonld }, 'text/html': { schema: ref('Order') } },
    },
    ...errors,
  },
});
const API_PLATFORM_SCHEMAS = { Order: ORDER, 'Order.jsonld': ORDER, 'Order.jsonld-read': { allOf: [{ $ref: '#/components/schemas/Order.jsonld' }] } };
const DRF_400 = "Django REST framework's 400 body, `{ <field>: [string] }`, plus a required `code` and `message`; set an `EXCEPTION_HANDLER` that adds them";
/** Swashbuckle's `GET /orders`: its 200 under `text/plain`, `application/json` and `text/json` together, and `errors`. */
const swashbuckle = (errors: object) =>
  oas3({
    '/orders': {
      get: {
        operationId: 'GetOrders',
        responses: {
          '200': { description: 'OK', content: Object.fromEntries(['text/plain', 'application/json', 'text/json'].map(type => [type, { schema: ORDER }])) },
          ...errors,
        },
      },
    },
  });
/** What must send a declared body where the framework sends none of its own. */
const STARLETTE_HANDLER = 'register `@app.exception_handler(Exception)` to send it (Starlette sends a text/plain 500)';
const DRF_HANDLER = 'set an `EXCEPTION_HANDLER` that sends it (by default a 400 is a map of fields, a 500 an HTML page)';
const ASPNET_HANDLER = 'register `app.UseExceptionHandler` to send it (by default an unhandled error is an empty 500)';

const SCIM_2 =
  'the error body SCIM 2.0 (RFC 7644 §3.12) defines, `{ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status, scimType, detail }`, plus `scimType` (the code: give every error one, not only the 400 and 409 ones RFC 7644 names) and `detail` required';
const SCIM_1 =
  'the error body SCIM 1.1 defines, `{ Errors: [{ code, description }] }` (`code` the HTTP status), plus a required code of its own and a required `description` in each item';
const SCIM_JSON = 'application/scim+json';
/** A SCIM list operation answering its users under `mediaType`, and a 404 without a body. */
const scimOperation = (mediaType: string) => ({ operationId: 'listUsers', responses: { '200': body({ type: 'object' }, mediaType), '404': NO_BODY } });
const SCIM_RESOURCE = {
  type: 'object',
  properties: { schemas: { type: 'array', items: { type: 'string', enum: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'] } } },
};
const SCIM_ERROR_BASE = {
  type: 'object',
  required: ['status', 'detail'],
  properties: { schemas: { type: 'array', items: string }, status: string, detail: string },
};

const FASTAPI_SCHEMAS = {
  HTTPValidationError: { type: 'object', properties: { detail: { type: 'array', items: { $ref: '#/components/schemas/ValidationError' } } } },
  ValidationError: { type: 'object', required: ['loc', 'msg', 'type'], properties: { loc: { type: 'array', items: string }, msg: string, type: string } },
};

const WEB_API_2 =
  'the body ASP.NET Web API 2 sends, `HttpError` `{ Message }` (a 400 from model validation adds `ModelState`), plus a required `Code` (beside `Message`, in its PascalCase)';
/** API Platform's default operationIds on a resource read as a collection and as an item, each with a 404 without a body. */
const apiPlatformPaths = (resource: string) => ({
  [`/${resource.toLowerCase()}s`]: { get: operation(`get${resource}Collection`), post: operation(`post${resource}Collection`) },
  [`/${resource.toLowerCase()}s/{id}`]: { get: operation(`get${resource}Item`), put: operation(`put${resource}Item`) },
});
const API_PLATFORM_OPERATIONS: [string, string][] = [
  ['/invitations', 'get'],
  ['/invitations', 'post'],
  ['/invitations/{id}', 'get'],
  ['/invitations/{id}', 'put'],
];
/** Swashbuckle 5 on Web API 2: `Controller_Action` operationIds, a 200 under `mediaTypes` and a 404 without a body. */
const webApiOperation = (operationId: string, mediaTypes: string[]) => ({
  operationId,
  responses: { '200': { description: 'OK', content: Object.fromEntries(mediaTypes.map(type => [type, { schema: ORDER }])) }, '404': NO_BODY },
});
const webApi = (mediaTypes: string[]) =>
  oas3({
    '/api/Advisors': { get: webApiOperation('Advisors_Get', mediaTypes) },
    '/api/Advisors/{id}': { get: webApiOperation('Advisors_GetById', mediaTypes) },
  });
const ADVISORS: [string, string][] = [
  ['/api/Advisors', 'get'],
  ['/api/Advisors/{id}', 'get'],
];
/** Springfox's default responses on operations the app named (Europeana): bodiless 401, 403, 404 and a POST's 201 beside its 200. */
const SPRINGFOX_DEFAULTS = { '401': { description: 'Unauthorized' }, '403': { description: 'Forbidden' }, '404': { description: 'Not Found' } };
const springfoxNamed = (created: object) =>
  oas3({
    '/records': {
      get: { operationId: 'searchRecords', responses: { '200': { description: 'OK' }, ...SPRINGFOX_DEFAULTS } },
      post: { operationId: 'searchRecordsPost', responses: { '200': { description: 'OK' }, '201': created, ...SPRINGFOX_DEFAULTS } },
    },
  });
/** GameSparks' operation (Springfox, OpenAPI 3.0): a 403 "not allowed" without a body. */
const gameSparks = (operationId: string) => ({ operationId, responses: { '200': { description: 'OK' }, '403': { description: 'not allowed' } } });
/** A description springdoc generated: its "Generated server url". */
const springdoc = (description: object) => ({ ...description, servers: [{ url: 'http://localhost:8080', description: 'Generated server url' }] });
const MESSAGE_MODEL_CONTENT = "`content: { application/json: { schema: { $ref: '#/components/schemas/MessageModel' } } }`";
const SPRINGFOX_ERRORS = (fix: string) =>
  ['get', 'post'].flatMap(method => ['401', '403', '404'].map(status => noBody('/records', method, fix, CONTENT, status)));

testRule('ax-recoverable-error-schema', [
  {
    name: 'API Platform 2 (Swagger 2.0): its `getInvitationCollection`, `getInvitationItem` operationIds, `Invitation-Read` schemas (no `.jsonld` name)',
    document: swagger2(apiPlatformPaths('Invitation'), { definitions: { 'Invitation-Read': ORDER, 'Invitation-Write': ORDER } }),
    // Swagger 2.0's one schema serves every type it `produces`: the first, `application/json`, gets RFC 7807's body.
    errors: noBodies(API_PLATFORM_OPERATIONS, API_PLATFORM_JSON, 'a `schema`'),
  },
  {
    name: 'API Platform (OpenAPI 3.0, a `$ref` response): its operationIds alone',
    document: oas3(
      {
        ...apiPlatformPaths('Invitation'),
        '/invitations/{id}/accept': {
          post: { operationId: 'acceptInvitationItem', responses: { '200': { description: 'OK' }, '404': ref('NotFound', 'responses') } },
        },
      },
      { responses: { NotFound: NO_BODY } },
    ),
    errors: [
      // No JSON media type declared anywhere: API Platform's default, JSON-LD, and Hydra's body.
      ...noBodies(API_PLATFORM_OPERATIONS, API_PLATFORM, LD_CONTENT),
      {
        path: ['components', 'responses', 'NotFound'],
        message: `\`NotFound\` (used by POST /invitations/{id}/accept 404): the error response declares no body. Add ${LD_CONTENT}: ${API_PLATFORM}.`,
      },
    ],
  },
  {
    name: "lookalike: `getCartItem`, `postCartItem`, `getLineItem` (item nouns, no resource read as a collection and as an item) are any API's",
    document: oas3({
      '/cart/items': { get: operation('getCartItem'), post: operation('postCartItem') },
      '/lines/{id}': { get: operation('getLineItem') },
    }),
    errors: noBodies(
      [
        ['/cart/items', 'get'],
        ['/cart/items', 'post'],
        ['/lines/{id}', 'get'],
      ],
      GENERIC,
    ),
  },
  {
    name: "ASP.NET Web API 2 (Swagger 2.0, Swashbuckle 5): `Advisors_GetById` operationIds, `produces` Web API's `application/json` and `text/json`",
    document: swagger2({
      '/api/Advisors': {
        get: {
          operationId: 'Advisors_Get',
          produces: ['application/json', 'text/json'],
          responses: { '200': { description: 'OK', schema: ORDER }, '404': NO_BODY },
        },
      },
      '/api/Advisors/{id}': {
        get: {
          operationId: 'Advisors_GetById',
          produces: ['application/json', 'text/json'],
          responses: { '200': { description: 'OK', schema: ORDER }, '404': NO_BODY },
        },
      },
    }),
    errors: noBodies(ADVISORS, WEB_API_2, 'a `schema`'),
  },
  {
    name: 'ASP.NET Web API 2 (OpenAPI 3.1): `Controller_Action` operationIds, bodies under `application/json` and `text/json`',
    document: { ...(webApi(['application/json', 'text/json']) as object), openapi: '3.1.0' },
    errors: noBodies(ADVISORS, WEB_API_2),
  },
  {
    name: "lookalikes: Azure's `Resource_Operation` operationIds under `application/json` alone; with ASP.NET Core's `text/plain` beside `text/json`, ASP.NET Core",
    document: webApi(['application/json']),
    errors: noBodies(ADVISORS, GENERIC),
  },
  {
    name: 'lookalike: Swashbuckle on ASP.NET Core (`text/plain`, `application/json`, `text/json`) with `Controller_Action` operationIds is ASP.NET Core',
    document: webApi(['text/plain', 'application/json', 'text/json']),
    errors: noBodies(ADVISORS, ASPNET),
  },
  {
    name: 'Spring Boot (OpenAPI 3.0, Springfox without `…Using…` operationIds): its default bodiless 401, 403, 404 and a POST\'s 201 "Created" beside its 200',
    document: springfoxNamed({ description: 'Created' }),
    errors: SPRINGFOX_ERRORS(SPRING),
  },
  {
    name: "lookalike: the same reason phrases, the POST's 201 with a body of its own, are any API's",
    document: springfoxNamed(body(ORDER, 'application/json', 'Created')),
    errors: SPRINGFOX_ERRORS(GENERIC),
  },
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
    name: "Spring Boot (OpenAPI 3.0, springdoc, `$ref`): the API's one error schema, GameSparks' `MessageModel { message }` on every 400, wins over Spring Boot's body, with a code added to it",
    document: springdoc(
      oas3(
        {
          '/regions': {
            get: { ...gameSparks('getRegionsUsingGET'), responses: { ...gameSparks('getRegionsUsingGET').responses, '400': body(ref('MessageModel')) } },
          },
        },
        { schemas: { MessageModel: { type: 'object', properties: { message: string } } } },
      ),
    ),
    errors: [
      {
        path: at('/regions', 'get', '403'),
        message: `GET /regions 403: the error response declares no body. Add the API's only error schema (on its 400 responses), ${MESSAGE_MODEL_CONTENT}, adding a required \`code\` and requiring \`message\`.`,
      },
    ],
  },
  {
    name: "Swagger 2.0 `allOf`: the API's one error schema with its `message` required gets a code added to it",
    document: swagger2(
      {
        '/regions': {
          get: {
            ...operation('getRegionsUsingGET'),
            responses: { ...operation('getRegionsUsingGET').responses, '400': { description: 'json error', schema: { $ref: '#/definitions/MessageModel' } } },
          },
        },
      },
      { definitions: { MessageModel: { allOf: [{ type: 'object', required: ['message'], properties: { message: string } }] } } },
    ),
    errors: [
      {
        path: at('/regions', 'get', '404'),
        message:
          "GET /regions 404: the error response declares no body. Add the API's only error schema (on its 400 responses), `schema: { $ref: '#/definitions/MessageModel' }`, adding a required `code`.",
      },
    ],
  },
  {
    name: "lookalike: the API's one error schema holding no message of its own (Spring Boot's `{ status, path }`, a list of `{ message }`): Spring Boot's body",
    document: springdoc(
      oas3(
        {
          '/regions': {
            get: {
              ...operation('getRegionsUsingGET'),
              responses: { ...operation('getRegionsUsingGET').responses, '400': body({ $ref: '#/components/schemas/Failure' }) },
            },
          },
        },
        {
          schemas: {
            Failure: {
              type: 'object',
              properties: { status: { type: 'integer' }, path: string, errors: { type: 'array', items: { type: 'object', properties: { message: string } } } },
            },
          },
        },
      ),
    ),
    errors: [noBody('/regions', 'get', SPRING)],
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
    name: 'API Platform (OpenAPI 3.0) declaring no media type: its `Order.jsonld`, `Order.jsonld-read` schemas beside `Order`; Hydra under JSON-LD, its default format',
    document: oas3({ '/api/orders/{id}': { get: operation('api_orders_id_get') } }, { schemas: API_PLATFORM_SCHEMAS }),
    errors: [noBody('/api/orders/{id}', 'get', API_PLATFORM, LD_CONTENT)],
  },
  {
    name: "API Platform (OpenAPI 3.0) answering JSON, JSON-LD and HTML: one body per JSON media type, RFC 7807's to JSON and Hydra's to JSON-LD; a 422 adds `violations`",
    document: oas3(
      {
        '/api/orders/{id}': {
          get: apiPlatformOperation('api_orders_id_get', { '403': { description: 'Forbidden' }, '422': { description: 'Unprocessable entity' } }),
        },
      },
      { schemas: API_PLATFORM_SCHEMAS },
    ),
    errors: [
      noBody('/api/orders/{id}', 'get', API_PLATFORM_BOTH, BOTH_CONTENT, '403'),
      noBody('/api/orders/{id}', 'get', apiPlatformBoth(VIOLATIONS), BOTH_CONTENT, '422'),
    ],
  },
  {
    name: "API Platform (OpenAPI 3.1, a `$ref`'d response): a DELETE declaring no body gets the media types the API's operations declare; one answering JSON alone gets RFC 7807's",
    document: {
      ...(oas3(
        {
          '/api/orders/{id}': { get: apiPlatformOperation('api_orders_id_get', {}), delete: operation('api_orders_id_delete') },
          '/api/notes/{id}': { get: { operationId: 'api_notes_id_get', responses: { '200': { $ref: '#/components/responses/Note' }, '404': NO_BODY } } },
        },
        { schemas: API_PLATFORM_SCHEMAS, responses: { Note: body(ref('Order')) } },
        '3.1.0',
      ) as object),
    },
    errors: [noBody('/api/orders/{id}', 'delete', API_PLATFORM_BOTH, BOTH_CONTENT), noBody('/api/notes/{id}', 'get', API_PLATFORM_JSON)],
  },
  {
    name: 'API Platform (Swagger 2.0): one schema serves every type it `produces`, so the body of the first, JSON-LD',
    document: swagger2(
      { '/api/orders/{id}': { get: { ...operation('api_orders_id_get'), produces: ['application/ld+json', 'application/json', 'text/html'] } } },
      { definitions: { Order: ORDER, 'Order.jsonld': ORDER, 'Order.jsonld-read': ORDER } },
    ),
    errors: [noBody('/api/orders/{id}', 'get', API_PLATFORM, 'a `schema`')],
  },
  {
    name: 'lookalike: JSON and JSON-LD bodies in an API that is not API Platform (no `.jsonld` schemas) get the generic fix, under JSON',
    document: oas3({ '/orders/{id}': { get: apiPlatformOperation('getOrder', { '404': NO_BODY }, ref('Order')) } }, { schemas: { Order: ORDER } }),
    errors: [noBody('/orders/{id}', 'get', GENERIC)],
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
    document: swashbuckle({ '404': NO_BODY }),
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
      noBody('/orders/{id}/', 'patch', DRF_400, CONTENT, '400'),
      noBody('/orders/{id}/', 'patch', `${GENERIC}; ${DRF_HANDLER}`, CONTENT, '500'),
    ],
  },
  {
    name: "Django REST framework (Swagger 2.0) with an error body of its own: a 400 told it still needs the handler that sends it; a 404 is told the API's one error schema",
    document: swagger2(
      {
        '/orders/': { post: { operationId: 'orders_create', responses: { '201': { description: 'Created' }, '400': { description: 'Bad Request' } } } },
        '/orders/{id}/': {
          get: operation('orders_read'),
          put: {
            operationId: 'orders_update',
            responses: { '200': { description: 'OK' }, '400': { description: 'Bad Request', schema: { $ref: '#/definitions/Error' } } },
          },
        },
      },
      { definitions: { Error: { type: 'object', required: ['code', 'message'], properties: { code: string, message: string } } } },
    ),
    errors: [
      {
        path: at('/orders/', 'post', '400'),
        message: `POST /orders/ 400: the error response declares no body. Add the one the API's other 400 responses declare, \`schema: { $ref: '#/definitions/Error' }\`; ${DRF_HANDLER}.`,
      },
      {
        path: at('/orders/{id}/', 'get', '404'),
        message:
          "GET /orders/{id}/ 404: the error response declares no body. Add the API's only error schema (on its 400 responses), `schema: { $ref: '#/definitions/Error' }`.",
      },
    ],
  },
  {
    name: "Django REST framework's 400 (Swagger 2.0, drf-yasg) without an error body of the API's: its map of fields kept, a code and a message beside",
    document: swagger2({
      '/orders/': { post: { operationId: 'orders_create', responses: { '201': { description: 'Created' }, '400': { description: 'Bad Request' } } } },
      '/orders/{id}/': { get: operation('orders_read') },
    }),
    errors: [noBody('/orders/', 'post', DRF_400, 'a `schema`', '400'), noBody('/orders/{id}/', 'get', DRF, 'a `schema`')],
  },
  {
    name: "lookalike: FastAPI's 422 `HTTPValidationError`, the only error schema declared, is no error in general (its code and message are its items'): a 404 keeps FastAPI's body (OpenAPI 3.1)",
    document: oas3(
      {
        '/items/{id}': {
          get: {
            operationId: 'read_item_items__id__get',
            responses: { '200': { description: 'OK' }, '404': NO_BODY, '422': body(ref('HTTPValidationError')) },
          },
        },
      },
      { schemas: FASTAPI_SCHEMAS },
      '3.1.0',
    ),
    errors: [noBody('/items/{id}', 'get', FASTAPI)],
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
    errors: [noBody('/items/{id}', 'get', FASTAPI), noBody('/items/{id}', 'get', `${GENERIC}; ${STARLETTE_HANDLER}`, CONTENT, '500')],
  },
  {
    name: "FastAPI's text/plain 500 (Starlette's \"Internal Server Error\"), told to declare the API's `GenericError`: a handler must then send it (OpenAPI 3.1)",
    document: oas3(
      {
        '/qrcode/sms': {
          post: {
            operationId: 'dispatcher_qrcode_sms_post',
            responses: {
              '200': { description: 'OK' },
              '400': body(ref('GenericError')),
              '404': body(ref('GenericError')),
              '500': body({ type: 'string', enum: ['Internal Server Error'] }, 'text/plain', 'Internal Server Error'),
            },
          },
        },
      },
      { schemas: { ...FASTAPI_SCHEMAS, GenericError: { type: 'object', required: ['detail'], properties: { detail: string } } } },
      '3.1.0',
    ),
    errors: [
      {
        path: at('/qrcode/sms', 'post', '500'),
        message: `POST /qrcode/sms 500: the error response offers only text/plain, no JSON. Add the body \`application/json: { schema: { $ref: '#/components/schemas/GenericError' } }\`, the one the API's other error responses declare; ${STARLETTE_HANDLER}.`,
      },
    ],
  },
  {
    name: 'ASP.NET Core (OpenAPI 3.0, Swashbuckle): a 500 without a body is told the generic body and the exception handler to send it',
    document: swashbuckle({ '500': { description: 'Server Error' } }),
    errors: [noBody('/orders', 'get', `${GENERIC}; ${ASPNET_HANDLER}`, CONTENT, '500')],
  },
  {
    name: 'lookalike: a text/plain 500 in an API no framework generated is told that its error handler must send the JSON body, with no framework named',
    document: oas3({
      '/qrcode/sms': { post: { operationId: 'smsQrCode', responses: { '200': { description: 'OK' }, '500': body({ type: 'string' }, 'text/plain') } } },
    }),
    errors: [
      {
        path: at('/qrcode/sms', 'post', '500'),
        message: `POST /qrcode/sms 500: the error response offers only text/plain, no JSON. Add an \`application/json\` body: ${GENERIC}; your handler must then send it.`,
      },
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
    name: "SCIM 2.0 (OpenAPI 3.0): `Users` and `ServiceProviderConfig` under `/scim/v2`, `application/scim+json`; the API's own `/orgs` keeps the generic fix",
    document: oas3({
      '/scim/v2/Users': { get: scimOperation(SCIM_JSON) },
      '/scim/v2/Users/{id}': { delete: operation('deleteUser') },
      '/scim/v2/ServiceProviderConfig': { get: operation('getConfig') },
      '/orgs': { get: operation('listOrgs') },
    }),
    errors: [
      ...noBodies(
        [
          ['/scim/v2/Users', 'get'],
          ['/scim/v2/Users/{id}', 'delete'],
          ['/scim/v2/ServiceProviderConfig', 'get'],
        ],
        SCIM_2,
        '`content: { application/scim+json: { schema } }`',
      ),
      noBody('/orgs', 'get', GENERIC),
    ],
  },
  {
    name: "SCIM 2.0 by its URNs (OpenAPI 3.1): `/Users` alone, a core schema URN in a `$ref`'d `allOf`, bodies as `application/json`",
    document: oas3(
      { '/Users': { get: { operationId: 'listUsers', responses: { '200': body(ref('UserList')), '404': NO_BODY } } } },
      { schemas: { UserList: { allOf: [ref('Resource'), { type: 'object', properties: { Resources: { type: 'array' } } }] }, Resource: SCIM_RESOURCE } },
      '3.1.0',
    ),
    errors: [noBody('/Users', 'get', SCIM_2)],
  },
  {
    name: 'SCIM 1.1 (Swagger 2.0): `/Users`, `/Groups/{groupKey}`, `/ServiceProviderConfigs`, `urn:scim:schemas:core:1.0` in prose',
    document: swagger2({
      '/Users': { get: { ...operation('getUsers'), description: 'Users as defined by urn:scim:schemas:core:1.0' } },
      '/Groups/{groupKey}': { delete: operation('deleteGroup') },
      '/ServiceProviderConfigs': { get: operation('getServiceProviderConfigs') },
    }),
    errors: noBodies(
      [
        ['/Users', 'get'],
        ['/Groups/{groupKey}', 'delete'],
        ['/ServiceProviderConfigs', 'get'],
      ],
      SCIM_1,
      'a `schema`',
    ),
  },
  {
    name: "SCIM 2.0 whose error body is declared once (a `$ref`'d `allOf` with `scimType`): a response without one is offered the API's own, and the declared one passes",
    document: oas3(
      {
        '/Users/{id}': { get: { operationId: 'getUser', responses: { '200': { description: 'OK' }, '404': body(ref('ScimError')), '409': NO_BODY } } },
        '/Groups': { post: { operationId: 'createGroup', responses: { '201': { description: 'Created' }, '409': body(ref('ScimError')) } } },
        '/Schemas': { get: operation('getSchemas') },
      },
      { schemas: { ScimError: { allOf: [ref('ScimErrorBase'), { type: 'object', properties: { scimType: string } }] }, ScimErrorBase: SCIM_ERROR_BASE } },
    ),
    errors: [
      {
        path: at('/Users/{id}', 'get', '409'),
        message:
          "GET /Users/{id} 409: the error response declares no body. Add the one the API's other 409 responses declare, `content: { application/json: { schema: { $ref: '#/components/schemas/ScimError' } } }`.",
      },
      {
        path: at('/Schemas', 'get', '404'),
        message:
          "GET /Schemas 404: the error response declares no body. Add the one the API's other 404 responses declare, `content: { application/json: { schema: { $ref: '#/components/schemas/ScimError' } } }`.",
      },
    ],
  },
  {
    name: "lookalike: `/Users` and `/Groups` with nothing else of SCIM are any API's",
    document: oas3({ '/Users': { get: operation('listUsers') }, '/Groups/{id}': { get: operation('getGroup') } }),
    errors: [noBody('/Users', 'get', GENERIC), noBody('/Groups/{id}', 'get', GENERIC)],
  },
  {
    name: 'lookalike: lowercase `/users` and `/schemas` (Swagger 2.0) are no SCIM endpoints',
    document: swagger2({ '/users': { get: operation('listUsers') }, '/schemas': { get: operation('listSchemas') } }),
    errors: [noBody('/users', 'get', GENERIC, 'a `schema`'), noBody('/schemas', 'get', GENERIC, 'a `schema`')],
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

/**
 * Each fix applied as its message words it, then the whole ruleset again: the error-schema finding is gone and
 * the response holds only what any error body lacks until its own rules are met (a retry flag, a recovery hint).
 */
describe('the framework and API bodies, applied', () => {
  const OTHER_PRINCIPLES = ['ax-recoverable-retryable-flag', 'ax-recoverable-suggestion'];
  const lintAll = async (description: object) => {
    const dir = mkdtempSync(join(tmpdir(), 'framework-fix-'));
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(description));
    return (await lint(join(dir, 'openapi.json'), undefined, { cwd: dir })).diagnostics.map(({ code, path, message }) => ({
      code,
      path: path.join('/'),
      message,
    }));
  };
  /** The rules reporting at or under `path`, once each, and every finding elsewhere. */
  const split = (findings: { code: string | number; path: string; message: string }[], path: string) => ({
    at: [...new Set(findings.filter(found => found.path.startsWith(path)).map(found => found.code))].sort(),
    elsewhere: findings.filter(found => !found.path.startsWith(path)),
  });
  const described = (schema: object, member: string) => ({
    ...schema,
    properties: { ...(schema as { properties: object }).properties, [member]: { type: 'string', description: "The error's message." } },
  });

  test("API Platform: RFC 7807's body under JSON and Hydra's under JSON-LD, each with a required code and its message required (OpenAPI 3.0)", async () => {
    const apiPlatform = (forbidden: object) =>
      oas3(
        { '/api/orders/{id}': { get: { ...apiPlatformOperation('api_orders_id_get', { '403': forbidden }), 'x-ax-retryable': false } } },
        { schemas: API_PLATFORM_SCHEMAS },
      );
    const before = await lintAll(apiPlatform({ description: 'Forbidden' }));
    const problem = {
      type: 'object',
      required: ['code', 'detail'],
      properties: { type: string, title: string, detail: string, status: { type: 'integer' }, code: string },
    };
    const hydra = described(
      { type: 'object', required: ['code', 'hydra:description'], properties: { '@type': string, 'hydra:title': string, code: string } },
      'hydra:description',
    );
    const after = await lintAll(
      apiPlatform({ description: 'Forbidden', content: { 'application/json': { schema: problem }, 'application/ld+json': { schema: hydra } } }),
    );
    const response = at('/api/orders/{id}', 'get', '403').join('/');
    expect(split(before, response).at).toEqual(['ax-recoverable-error-schema']);
    expect(split(after, response).at).toEqual(OTHER_PRINCIPLES);
    expect(split(after, response).elsewhere).toEqual(split(before, response).elsewhere);
  });

  test("Django REST framework's 400: its map of fields kept, a code and a message beside (Swagger 2.0)", async () => {
    const drf = (badRequest: object) =>
      swagger2({
        '/orders/': { post: { operationId: 'orders_create', 'x-ax-retryable': false, responses: { '201': { description: 'Created' }, '400': badRequest } } },
        '/orders/{id}/': { get: { operationId: 'orders_read', responses: { '200': { description: 'OK' } } } },
      });
    const before = await lintAll(drf({ description: 'Bad Request' }));
    const fieldMap = {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: string, message: string },
      additionalProperties: { type: 'array', items: string },
    };
    const after = await lintAll(drf({ description: 'Bad Request', schema: fieldMap }));
    const response = at('/orders/', 'post', '400').join('/');
    expect(split(before, response).at).toEqual(['ax-recoverable-error-schema']);
    expect(split(after, response).at).toEqual(OTHER_PRINCIPLES);
    expect(split(after, response).elsewhere).toEqual(split(before, response).elsewhere);
  });

  test("the API's one error schema: the `$ref` offered, its code and message required in it, and nothing is left of the two findings (OpenAPI 3.0)", async () => {
    const restError = (required: string[]) => ({
      type: 'object',
      required,
      properties: { code: string, message: string, developerMessage: string, moreInfoUrl: string, retryable: { type: 'boolean' }, recoveryHint: string },
    });
    const zoom = (notFound: object, required: string[] = []) =>
      oas3(
        {
          '/sms/send': {
            post: {
              'x-ax-retryable': false,
              responses: { '200': { description: 'OK' }, '400': body(ref('RestErrorDTO'), 'application/json', 'Validation error') },
            },
          },
          '/groups/{id}/removeContact/{contactId}': { post: { 'x-ax-retryable': false, responses: { '200': { description: 'OK' }, '404': notFound } } },
        },
        { schemas: { RestErrorDTO: restError(required) } },
      );
    const before = await lintAll(zoom({ description: 'Not Found' }));
    const after = await lintAll(zoom(body(ref('RestErrorDTO'), 'application/json', 'Not Found'), ['code', 'message']));
    const response = at('/groups/{id}/removeContact/{contactId}', 'post', '404').join('/');
    expect(split(before, response).at).toEqual(['ax-recoverable-error-schema']);
    const onSchema = (findings: typeof before) => findings.filter(found => found.path === 'components/schemas/RestErrorDTO').map(found => found.code);
    expect(onSchema(before)).toEqual(['ax-recoverable-error-structure', 'ax-recoverable-field-details']);
    expect(split(after, response).at).toEqual([]);
    // What its 400 lacks (the failed fields) stays that response's; the code and message it now requires leave nothing.
    expect(onSchema(after)).toEqual(['ax-recoverable-field-details']);
  });
  test("GameSparks' `MessageModel { message }`: the `$ref` offered, a required code added to it and its message required, and the 403's finding is gone (OpenAPI 3.0, springdoc)", async () => {
    const gameSparksApi = (forbidden: object, model: object) =>
      springdoc(
        oas3(
          {
            '/regions': {
              get: {
                operationId: 'getRegionsUsingGET',
                'x-ax-retryable': false,
                responses: { '200': { description: 'OK' }, '400': body(ref('MessageModel'), 'application/json', 'json error'), '403': forbidden },
              },
            },
          },
          { schemas: { MessageModel: model } },
        ),
      );
    const before = await lintAll(gameSparksApi({ description: 'not allowed' }, { type: 'object', properties: { message: string } }));
    const after = await lintAll(
      gameSparksApi(body(ref('MessageModel'), 'application/json', 'not allowed'), {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: string, message: string },
      }),
    );
    const response = at('/regions', 'get', '403').join('/');
    expect(split(before, response).at).toEqual(['ax-recoverable-error-schema']);
    expect(split(after, response).at).not.toContain('ax-recoverable-error-schema');
    const onSchema = (findings: typeof before) => findings.filter(found => found.path === 'components/schemas/MessageModel').map(found => found.code);
    expect(onSchema(before)).toContain('ax-recoverable-error-structure');
    expect(onSchema(after)).not.toContain('ax-recoverable-error-structure');
  });
  test("Orbit's `{ errors }`, shown by its examples: declared on the body-less 403 with a required code, the 403's finding is gone (OpenAPI 3.0)", async () => {
    const example = (errors: unknown, description: string) => ({ description, content: { 'application/json': { example: { errors } } } });
    const orbit = (forbidden: object) =>
      oas3({
        '/members/find': { get: { responses: { '200': { description: 'OK' }, '404': example('No member matching this identity was found', 'Not found') } } },
        '/activities': {
          post: {
            'x-ax-retryable': false,
            responses: { '201': { description: 'Created' }, '403': forbidden, '422': example({ base: ['is required'] }, 'unprocessable') },
          },
        },
      });
    const before = await lintAll(orbit({ description: 'forbidden' }));
    const declared = { type: 'object', required: ['code', 'errors'], properties: { code: string, errors: {} } };
    const after = await lintAll(orbit(body(declared, 'application/json', 'forbidden')));
    const response = at('/activities', 'post', '403').join('/');
    expect(split(before, response).at).toContain('ax-recoverable-error-schema');
    expect(split(after, response).at).not.toContain('ax-recoverable-error-schema');
  });
});

/** The body a framework fix names, plus what it says the body lacks, declared: no error rule finds anything left to add. */
describe('following a framework fix clears the error-body rules', () => {
  const declared = (properties: Record<string, object>, required: string[]) => ({
    description: 'Not found',
    content: { 'application/json': { schema: { type: 'object', required, properties } } },
  });
  /** The document with every 4xx response answering `error`. */
  const withBody = (document: object, error: object): object => {
    const copy = structuredClone(document) as { paths: Record<string, Record<string, { responses: Record<string, object> }>> };
    for (const operation of Object.values(copy.paths).flatMap(item => Object.values(item)))
      for (const status of Object.keys(operation.responses)) if (status.startsWith('4')) operation.responses[status] = error;
    return copy;
  };
  const left = async (document: object) =>
    (
      await Promise.all(
        (['ax-recoverable-error-schema', 'ax-recoverable-error-structure'] as const).map(async rule =>
          (await runRule(rule, document)).filter(result => result.code === rule).map(result => result.message),
        ),
      )
    ).flat();

  test.each([
    [
      'ASP.NET Web API 2: `HttpError { Message }` plus a required `Code`',
      webApi(['application/json', 'text/json']),
      declared({ Message: string, Code: string }, ['Message', 'Code']),
    ],
    [
      "Spring Boot (Springfox's defaults): `{ timestamp, status, error, path }` plus a required `code` and `message`",
      springfoxNamed({ description: 'Created' }),
      declared({ timestamp: string, status: { type: 'integer' }, error: string, path: string, code: string, message: string }, ['code', 'message']),
    ],
  ])('%s', async (_name, document, error) => {
    expect((await left(document)).length).toBeGreaterThan(0);
    expect(await left(withBody(document, error))).toEqual([]);
  });
});
