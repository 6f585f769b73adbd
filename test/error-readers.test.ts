/**
 * One reader of error bodies (lib/errors/shape-table.ts): the rules that used to read only the body and an
 * `error` wrapper now find members in every carrier the table knows (error-list items, a wrapper by
 * shape), in any letter case, and the runtime guard reads live bodies the same way.
 */
import { checkResponse } from '../runtime';
import { convention } from './support/conventions';
import { at, body, JSON_SCHEMA, oas3, ref, swagger2, withExample } from './support/documents';
import { testRule } from './support/testRule';
import { component, usedBy } from './support/components';
import { getWith as get, OK as ok } from './support/documents';

const string = { type: 'string' };
const JSONAPI_ERROR = { type: 'object', properties: { status: string, code: string, detail: string, retry_after_seconds: { type: 'integer' } } };
const errorList = (item: unknown) => ({ type: 'object', required: ['errors'], properties: { errors: { type: 'array', items: item } } });
const noDelay = (where: string) =>
  `${where}: no \`Retry-After\` header, and the error schema has no retry delay. Add a \`Retry-After\` header (integer seconds) or a \`retry_after_ms\` (integer) property.`;

testRule('ax-recoverable-retry-after', [
  {
    name: 'stays silent on a JSON:API 429 whose `errors[]` items carry `retry_after_seconds` (a $ref to components, OpenAPI 3.1)',
    document: oas3(
      { '/a': get({ '429': body(ref('Failure'), 'application/vnd.api+json') }) },
      { schemas: { Failure: errorList(ref('Error')), Error: JSONAPI_ERROR } },
      '3.1.0',
    ),
    errors: [],
  },
  {
    name: 'stays silent on a PascalCase `RetryAfterSeconds` added by allOf (Swagger 2.0)',
    document: swagger2(
      {
        '/a': {
          get: {
            responses: {
              ...ok,
              '503': {
                description: 'Down',
                schema: { allOf: [{ $ref: '#/definitions/E' }, { type: 'object', properties: { RetryAfterSeconds: { type: 'integer' } } }] },
              },
            },
          },
        },
      },
      { definitions: { E: { type: 'object', properties: { Message: string } } } },
    ),
    errors: [],
  },
  {
    name: 'an `errors[]` item saying `retryable: true` gives its delay beside it; one without a delay fires, on its flag',
    document: oas3({
      '/a': get({
        '409': withExample({ errors: [{ code: 'LOCKED', retryable: true, retry_after_seconds: 2 }] }),
        '423': withExample({ errors: [{ code: 'LOCKED', retryable: true }] }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '423', 'content', 'application/json', 'example', 'errors', '0', 'retryable'),
        message:
          'GET /a 423: the error example says `retryable: true` but gives no retry delay. Add a `retry_after_ms` to the example, or a `Retry-After` header to the response.',
      },
    ],
  },
  {
    name: 'still fires when the `errors[]` items carry no delay',
    document: oas3({ '/a': get({ '429': body(errorList({ type: 'object', properties: { code: string } })) }) }),
    // No header and no delay: the finding sits on the response, where the header goes.
    errors: [{ path: at('/a', 'get', '429'), message: noDelay('GET /a 429') }],
  },
]);

testRule('ax-recoverable-code-format', [
  {
    name: 'reads the codes of `errors[]` items in examples: the prose one fires, on its own item',
    document: oas3({
      '/a': get({
        '400': withExample({ errors: [{ code: 'INVALID_QUANTITY' }, { code: 'The sku is not known to us' }] }),
        '404': withExample({ errors: [{ code: 'NOT_FOUND' }] }),
        '409': withExample({ code: 'OUT_OF_STOCK' }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', 'content', 'application/json', 'example', 'errors', '1', 'code'),
        message:
          'GET /a 400: the application/json error example\'s `code` is "The sku is not known to us", not SCREAMING_SNAKE (the convention of most codes here). Write it as `THE_SKU_IS_NOT_KNOWN_TO_US`.',
      },
    ],
  },
  {
    name: "reads the enum of the `errors[]` items' `code` in a schema",
    document: oas3({
      '/a': get({
        '400': body(errorList({ type: 'object', properties: { code: { type: 'string', enum: ['INVALID_QUANTITY', 'NOT_FOUND', 'invalidSku'] } } })),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'errors', 'items', 'properties', 'code', 'enum', '2'),
        message:
          'GET /a 400: the error schema\'s `code` allows "invalidSku", not SCREAMING_SNAKE (the convention of most codes here). Write it as `INVALID_SKU`.',
      },
    ],
  },
  {
    name: 'stays silent when every `errors[]` code follows one convention',
    document: oas3({
      '/a': get({
        '400': withExample({ errors: [{ code: 'INVALID_QUANTITY' }, { code: 'INVALID_SKU' }] }),
        '404': withExample({ errors: [{ code: 'NOT_FOUND' }] }),
      }),
    }),
    errors: [],
  },
]);

testRule('ax-recoverable-no-stack-traces', [
  {
    name: 'a .NET `StackTrace` is a stack trace in any letter case',
    document: oas3({ '/a': get({ '500': body({ type: 'object', properties: { Message: string, StackTrace: string } }) }) }),
    errors: [
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA, 'properties', 'StackTrace'),
        message:
          'GET /a 500: the error schema declares `StackTrace`, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
      },
    ],
  },
  {
    name: 'a `StackTraceId` is no stack trace',
    document: oas3({ '/a': get({ '500': body({ type: 'object', properties: { Message: string, StackTraceId: string } }) }) }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: a `STACK_TRACE` added by allOf to a `fault` wrapper ($ref) fires, where it sits; a `stack_trace_id` stays silent',
    document: swagger2(
      {
        '/a': { get: { responses: { ...ok, '500': { description: 'Failed', schema: { $ref: '#/definitions/FaultBody' } } } } },
        '/b': { get: { responses: { ...ok, '500': { description: 'Failed', schema: { $ref: '#/definitions/Traced' } } } } },
      },
      {
        definitions: {
          FaultBody: {
            type: 'object',
            properties: { fault: { allOf: [{ $ref: '#/definitions/Fault' }, { type: 'object', properties: { STACK_TRACE: string } }] } },
          },
          Fault: { type: 'object', properties: { ErrorCode: string, Message: string } },
          Traced: { type: 'object', properties: { code: string, message: string, stack_trace_id: string } },
        },
      },
    ),
    errors: [
      {
        // The member sits in a shared definition: the finding lands where it sits, naming the response that uses it.
        path: ['definitions', 'FaultBody', 'properties', 'fault', 'allOf', '1', 'properties', 'STACK_TRACE'],
        message:
          usedBy('FaultBody', 'GET /a 500') +
          ': the error schema declares `STACK_TRACE` in its `fault` object, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
      },
    ],
  },
  {
    name: 'OpenAPI 3.1: a camelCase `stackTrace` in `errors[]` items ($ref) fires; the same items without it stay silent',
    document: oas3(
      {
        '/a': get({ '500': body(errorList(ref('Traced'))) }),
        '/b': get({ '500': body(errorList(ref('Plain'))) }),
      },
      {
        schemas: {
          Traced: { type: 'object', properties: { code: string, detail: string, stackTrace: string } },
          Plain: { type: 'object', properties: { code: string, detail: string } },
        },
      },
      '3.1.0',
    ),
    errors: [
      {
        path: component('schemas', 'Traced', 'properties', 'stackTrace'),
        message:
          usedBy('Traced', 'GET /a 500') +
          ': the error schema declares `stackTrace` in its `errors[]` items, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
      },
    ],
  },
]);

testRule('ax-recoverable-error-structure', [
  {
    name: 'PascalCase `ErrorCode` and `Message` are the code and the message',
    document: oas3({ '/a': get({ '500': body({ type: 'object', required: ['ErrorCode', 'Message'], properties: { Message: string, ErrorCode: string } }) }) }),
    errors: [],
  },
  {
    name: 'a `fault` wrapper is read by shape: the fix names it',
    document: oas3({
      '/a': get({ '500': body({ type: 'object', properties: { fault: { type: 'object', properties: { code: string, message: string } } } }) }),
    }),
    errors: [
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA),
        message:
          'GET /a 500: the error schema does not require `code` or `message` in its `fault` object. Require `code` and `message` in the `fault` object; your error handler must then send them.',
      },
    ],
  },
  {
    name: 'two object members that both hold a code are no single wrapper: the body still lacks one, and the finding asks about both',
    document: oas3({
      '/a': get({
        '500': body({
          type: 'object',
          properties: { first: { type: 'object', properties: { code: string } }, second: { type: 'object', properties: { code: string } } },
        }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA),
        message:
          'GET /a 500: the error schema has no message and may keep its code in `first.code` or `second.code`. Add a required `message`. If `first.code` or `second.code` is the code, describe it so and require it; else add a required `code` (e.g. "INTERNAL_ERROR").',
      },
    ],
  },
]);

const WITH_FIELDS = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: string, message: string, fields: { type: 'array', items: { type: 'object', properties: { field: string, message: string } } } },
};
const BARE = { type: 'object', required: ['code', 'message'], properties: { code: string, message: string } };

testRule('ax-recoverable-field-details', [
  {
    name: 'a `fields` list whose items carry a locator and a reason is field detail, whatever its name',
    document: oas3({ '/a': { post: { responses: { '400': body(WITH_FIELDS) } } } }),
    errors: [],
  },
  {
    name: 'a list that only some oneOf shapes declare counts for those shapes alone',
    document: oas3({ '/a': { post: { responses: { '400': body({ oneOf: [WITH_FIELDS, BARE] }) } } } }),
    errors: [
      {
        path: at('/a', 'post', '400', ...JSON_SCHEMA),
        message:
          'POST /a 400: the error schema names no failed input field in 1 of its 2 oneOf/anyOf shapes. Add `details`: an array of { field, message }, one per invalid field.',
      },
    ],
  },
  {
    name: 'a link collection is never field detail, though its items carry a `name` and a `description`',
    document: oas3({
      '/a': {
        post: {
          responses: {
            '400': body({
              ...BARE,
              properties: { ...BARE.properties, links: { type: 'array', items: { type: 'object', properties: { name: string, description: string } } } },
            }),
          },
        },
      },
    }),
    errors: [
      {
        path: at('/a', 'post', '400', ...JSON_SCHEMA),
        message: 'POST /a 400: the error schema names no failed input field. Add `details`: an array of { field, message }, one per invalid field.',
      },
    ],
  },
]);

testRule('ax-recoverable-field-refs', [
  { name: "a .NET `fault` wrapper's PascalCase `Field` naming an input stays silent (Swagger 2.0)", document: convention('dotnet-fault'), errors: [] },
  {
    name: "a .NET `fault` wrapper's `Field` naming no input fires, in the API's own spelling",
    document: convention('dotnet-fault').replace('Field: Quantity }', 'Field: Quantityy }'),
    errors: [
      {
        path: ['paths', '/Orders', 'post', 'responses', '400', 'examples', 'application/json', 'fault', 'Field'],
        message:
          "POST /Orders 400: the error example's `Field` `Quantityy` is no input of the operation; did you mean `Quantity`? Point it at a request field (see the request body).",
      },
    ],
  },
  {
    name: 'an `invalid_params[].name` inside a `failure` wrapper naming an input stays silent (allOf of a $ref)',
    document: convention('rpc-failure'),
    errors: [],
  },
  {
    name: '`invalid_params[].name` is read as a locator though `invalid_params` is no listed name: a wrong one fires',
    document: convention('rpc-failure').replace('{ name: quantity, reason', '{ name: quantiy, reason'),
    errors: [
      {
        path: ['paths', '/orders.create', 'post', 'responses', '400', 'content', 'application/json', 'example', 'failure', 'invalid_params', '0', 'name'],
        message:
          "POST /orders.create 400: the error example's `name` `quantiy` is no input of the operation; did you mean `quantity`? Point it at a request field (see the request body).",
      },
    ],
  },
  { name: "Zod's `issues[].path` naming an input stays silent (OpenAPI 3.1, allOf)", document: convention('zod-issues'), errors: [] },
  {
    name: "Zod's `issues[].path` is read as a locator though `issues` is no listed name: a wrong one fires",
    document: convention('zod-issues').replace('path: [quantity]', 'path: [quantityy]'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'content', 'application/json', 'example', 'issues', '0', 'path'],
        message:
          'POST /orders 400: the error example\'s `path` `["quantityy"]` is no input of the operation; did you mean `["quantity"]`? Point it at a request field (see the request body).',
      },
    ],
  },
  { name: "Prism's `validation[].location` naming a query parameter stays silent", document: convention('prism'), errors: [] },
  {
    name: "Prism's `validation[].location` is an array path, the place first: a wrong one fires",
    document: convention('prism').replace('location: [query, limit]', 'location: [query, limt]'),
    errors: [
      {
        path: ['paths', '/orders', 'get', 'responses', '422', 'content', 'application/problem+json', 'example', 'validation', '0', 'location'],
        message:
          'GET /orders 422: the error example\'s `location` `["query","limt"]` is no input of the operation; did you mean `["query","limit"]`? Point it at a request field (see the query parameters).',
      },
    ],
  },
]);

describe('the runtime guard reads live bodies with the same table', () => {
  const API = oas3({
    '/orders': {
      post: {
        responses: { '201': body({ type: 'object' }), '400': body({ type: 'object' }), '429': body({ type: 'object' }), '500': body({ type: 'object' }) },
      },
    },
  });
  const rules = (status: number, sent: unknown, headers = {}) =>
    checkResponse(API, { method: 'POST', path: '/orders', status, headers, body: sent }).map(found => found.rule);

  test('a JSON:API 429 whose `errors[]` items carry `retry_after_seconds` says how long to wait', () => {
    expect(rules(429, { errors: [{ code: 'RATE_LIMITED', detail: 'Slow down.', recoveryHint: 'Wait, then retry.', retry_after_seconds: 5 }] })).toEqual([]);
    expect(rules(429, { errors: [{ code: 'RATE_LIMITED', detail: 'Slow down.', recoveryHint: 'Wait, then retry.' }] })).toEqual(['ax-recoverable-retry-after']);
  });

  test('a missing hint is asked where the lint asks it: inside the `fault` object in its PascalCase, in the `errors[]` items', () => {
    const messages = (sent: unknown) =>
      checkResponse(API, { method: 'POST', path: '/orders', status: 400, headers: {}, body: sent }).map(violation => violation.message);
    const ask = (hint: string) =>
      `POST /orders 400: the error body has no recovery hint, so an agent cannot tell how to fix the request. Send ${hint}: one sentence on what to change before retrying.`;
    expect(messages({ fault: { ErrorCode: 'INVALID_QUANTITY', Message: 'Quantity must be at least 1.' } })).toEqual([
      ask('`RecoveryHint` inside the `fault` object'),
    ]);
    expect(messages({ errors: [{ code: 'INVALID_QUANTITY', detail: 'Quantity must be at least 1.' }] })).toEqual([
      ask('`recoveryHint` inside the `errors[]` items'),
    ]);
    expect(messages({ code: 'INVALID_QUANTITY', message: 'Quantity must be at least 1.' })).toEqual([ask('`recoveryHint`')]);
  });

  test('a PascalCase `StackTrace` inside a `fault` wrapper is a stack trace', () => {
    const found = checkResponse(API, {
      method: 'POST',
      path: '/orders',
      status: 500,
      headers: {},
      body: { fault: { ErrorCode: 'INTERNAL', Message: 'Boom.', StackTrace: 'at Foo.Bar()' } },
    });
    expect(found.map(violation => violation.message)).toEqual([
      'POST /orders 500: the error body carries `fault.StackTrace`, a stack trace: internal code paths, useless to an agent. Log it server-side and send a stable code, a message and a `trace_id` instead.',
    ]);
  });
});

/** A .NET API's request and its 400 example, the hint inside the `fault` wrapper in PascalCase. */
const faultHint = (hint: string) =>
  swagger2({
    '/Orders': {
      post: {
        parameters: [{ in: 'body', name: 'body', schema: { type: 'object', properties: { Sku: string, Quantity: { type: 'integer', minimum: 1 } } } }],
        responses: {
          '201': { description: 'Created' },
          '400': {
            description: 'Bad Request',
            schema: { type: 'object' },
            examples: { 'application/json': { fault: { ErrorCode: 'INVALID_QUANTITY', Message: 'Quantity is too low.', RecoveryHint: hint } } },
          },
        },
      },
    },
  });

testRule('ax-recoverable-hint-fields', [
  {
    name: 'Swagger 2.0: a PascalCase `RecoveryHint` inside a `fault` wrapper naming an input stays silent',
    document: faultHint('Set `Quantity` to at least 1.'),
    errors: [],
  },
  {
    name: 'Swagger 2.0: a PascalCase `RecoveryHint` inside a `fault` wrapper naming no input fires, on the hint',
    document: faultHint('Set `Quantityy` to at least 1.'),
    errors: [
      {
        path: ['paths', '/Orders', 'post', 'responses', '400', 'examples', 'application/json', 'fault', 'RecoveryHint'],
        message:
          "POST /Orders 400: the error example's hint names `Quantityy`, which the request lacks (did you mean `Quantity`?); it takes `{ Sku?, Quantity? }`. Rewrite the hint to match.",
      },
    ],
  },
]);
