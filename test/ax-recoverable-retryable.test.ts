import { oas3, ref, swagger2 } from './support/documents';
import { fixAndRelint, testRule } from './support/testRule';
import { OK as ok } from './support/documents';
import { component } from './support/components';

/** What several cases expect the rule to say. */
const NO_FLAG = { messageId: 'noFlag', data: { flag: 'x-ax-retryable', value: 'false', why: { messageId: 'unlessSafe', data: {} } } };

const missing = (operation: string) =>
  `${operation}: no \`x-ax-retryable\`, so an agent cannot tell if retrying a failed call is safe. Add \`x-ax-retryable: false\` to the operation (\`true\` if a repeat cannot create a duplicate or a second effect).`;

testRule('ax-recoverable-retryable', [
  {
    name: 'fires on every mutation without x-ax-retryable, on the operation; ignores get',
    document: oas3({
      '/payments': { post: { responses: ok }, get: { responses: ok } },
      '/payments/{id}': { put: { responses: ok }, patch: { responses: ok }, delete: { responses: ok } },
    }),
    errors: [
      { path: ['paths', '/payments', 'post'], ...NO_FLAG },
      {
        path: ['paths', '/payments/{id}', 'put'],
        messageId: 'noFlag',
        data: { flag: 'x-ax-retryable', value: 'true', why: { messageId: 'idempotentMethod', data: { method: 'PUT' } } },
      },
      { path: ['paths', '/payments/{id}', 'patch'], ...NO_FLAG },
      {
        path: ['paths', '/payments/{id}', 'delete'],
        messageId: 'noFlag',
        data: { flag: 'x-ax-retryable', value: 'true', why: { messageId: 'idempotentMethod', data: { method: 'DELETE' } } },
      },
    ],
  },
  {
    name: 'the AX Spec R3: false on a create, true on a read, both pass',
    document: `
openapi: 3.0.3
info: { title: Payments, version: '1' }
paths:
  /payments:
    post:
      x-ax-retryable: false
      responses: { '201': { description: Created } }
  /payments/{id}:
    get:
      x-ax-retryable: true
      responses: { '200': { description: OK } }
`,
    errors: [],
  },
  {
    name: 'a non-boolean flag fires on the extension, on any method, once',
    document: oas3({
      '/payments': { post: { 'x-ax-retryable': 'false', responses: ok }, get: { 'x-ax-retryable': 1, responses: ok } },
      '/refunds': { post: { 'x-ax-retryable': null, responses: ok } },
    }),
    errors: [
      {
        path: ['paths', '/payments', 'post', 'x-ax-retryable'],
        messageId: 'wrongValue',
        data: { key: 'x-ax-retryable', at: '', expected: 'a boolean', value: 'the string "false"', fix: 'x-ax-retryable: false' },
      },
      {
        path: ['paths', '/payments', 'get', 'x-ax-retryable'],
        messageId: 'wrongValue',
        data: { key: 'x-ax-retryable', at: '', expected: 'a boolean', value: 'the number 1', fix: 'x-ax-retryable: false' },
      },
      {
        path: ['paths', '/refunds', 'post', 'x-ax-retryable'],
        messageId: 'wrongValue',
        data: { key: 'x-ax-retryable', at: '', expected: 'a boolean', value: 'null', fix: 'x-ax-retryable: false' },
      },
    ],
  },
  {
    name: 'a path item reached through $ref is checked where its operations are',
    document: oas3({ '/payments': ref('Payments', 'pathItems') }, { pathItems: { Payments: { post: { responses: ok } } } }, '3.1.0'),
    errors: [{ path: component('pathItems', 'Payments', 'post'), ...NO_FLAG }],
  },
  {
    name: 'Swagger 2.0',
    document: swagger2({ '/payments': { post: { responses: ok } }, '/refunds': { post: { 'x-ax-retryable': false, responses: ok } } }),
    errors: [{ path: ['paths', '/payments', 'post'], ...NO_FLAG }],
  },
  {
    name: 'x-ax-exempt on the operation or path item silences it there',
    document: oas3({
      '/rpc': { post: { 'x-ax-exempt': { 'ax-recoverable-retryable': 'JSON-RPC retries are defined by the protocol' }, responses: ok } },
      '/legacy': { 'x-ax-exempt': { 'ax-recoverable-retryable': 'Frozen endpoint, removed in v3' }, post: { 'x-ax-retryable': 'no', responses: ok } },
    }),
    errors: [],
  },
  {
    name: 'garbage: operations that are not objects, responses null, paths null',
    document: oas3({ '/a': { post: 'nope', put: { responses: null, 'x-ax-retryable': true } }, '/b': null }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.1 and 3.0 read the same way',
    document: oas3({ '/payments': { post: { responses: ok } } }, {}, '3.1.0'),
    errors: [{ path: ['paths', '/payments', 'post'], ...NO_FLAG }],
  },
]);

/** A request idempotency key in the body counts like the `Idempotency-Key` header (issue 38, b): the advice and the fix are `true`. */
describe('a body idempotency key', () => {
  const string = { type: 'string' };
  const SQUARE = 'A unique string that identifies this CreatePayment request.';
  const payment = (properties: object, required: string[]) => ({ type: 'object', required, properties: { amount: { type: 'integer' }, ...properties } });
  const post = (schema: object) => ({ post: { requestBody: { content: { 'application/json': { schema } } }, responses: ok } });
  testRule('ax-recoverable-retryable', [
    {
      name: 'OpenAPI 3.0: a required `idempotency_key` described as "a unique string that identifies this request"',
      document: oas3({ '/payments': post(payment({ idempotency_key: { ...string, description: SQUARE } }, ['idempotency_key', 'amount'])) }),
      errors: [
        {
          path: ['paths', '/payments', 'post'],
          messageId: 'noFlag',
          data: { flag: 'x-ax-retryable', value: 'true', why: { messageId: 'keyedRetry', data: { key: 'idempotency_key' } } },
        },
      ],
    },
    {
      name: 'OpenAPI 3.1 `allOf` of a shared `$ref`: a member named `idempotencyToken`',
      document: oas3(
        { '/payments': post({ allOf: [ref('Keyed'), payment({}, ['amount'])] }) },
        { schemas: { Keyed: { type: 'object', required: ['idempotencyToken'], properties: { idempotencyToken: string } } } },
        '3.1.0',
      ),
      errors: [
        {
          path: ['paths', '/payments', 'post'],
          messageId: 'noFlag',
          data: { flag: 'x-ax-retryable', value: 'true', why: { messageId: 'keyedRetry', data: { key: 'idempotencyToken' } } },
        },
      ],
    },
    {
      name: 'Swagger 2.0: a body parameter whose `$ref` schema requires a `key` described so',
      document: swagger2(
        { '/payments': { post: { parameters: [{ name: 'body', in: 'body', schema: { $ref: '#/definitions/Create' } }], responses: ok } } },
        { definitions: { Create: payment({ key: { ...string, description: SQUARE } }, ['key']) } },
      ),
      errors: [
        {
          path: ['paths', '/payments', 'post'],
          messageId: 'noFlag',
          data: { flag: 'x-ax-retryable', value: 'true', why: { messageId: 'keyedRetry', data: { key: 'key' } } },
        },
      ],
    },
    {
      name: 'lookalikes: an optional key, a boolean `idempotent`, a required `request_id` for support: `false`, as for any create',
      document: oas3({
        '/a': post(payment({ idempotency_key: string }, ['amount'])),
        '/b': post(payment({ idempotent: { type: 'boolean' } }, ['idempotent'])),
        '/c': post(payment({ request_id: { ...string, description: 'The ID of this request, for support.' } }, ['request_id'])),
      }),
      errors: ['/a', '/b', '/c'].map(path => ({ path: ['paths', path, 'post'], message: missing(`POST ${path}`) })),
    },
  ]);

  test('the fix declares `true` and the lint goes clean', async () => {
    const document = oas3({ '/payments': post(payment({ idempotency_key: { ...string, description: SQUARE } }, ['idempotency_key'])) });
    const { edits, after } = await fixAndRelint('ax-recoverable-retryable', document);
    expect(edits).toEqual([{ target: ['paths', '/payments', 'post'], update: { 'x-ax-retryable': true } }]);
    expect(after).toEqual([]);
  });
});
