import { oas3, ref, swagger2 } from './support/documents';
import { testRule } from './support/testRule';
import { OK as ok } from './support/documents';
import { component } from './support/components';

const missing = (operation: string) =>
  `${operation}: no \`x-ax-retryable\`, so an agent cannot tell if retrying a failed call is safe. Add \`x-ax-retryable: false\` to the operation (\`true\` if a repeat cannot create a duplicate or a second effect).`;
/** PUT and DELETE are idempotent by RFC 9110: the advice, and the fix, is `true`. */
const idempotent = (operation: string, method: string) =>
  `${operation}: no \`x-ax-retryable\`, so an agent cannot tell if retrying a failed call is safe. Add \`x-ax-retryable: true\` to the operation: ${method} is idempotent (RFC 9110), so a repeat acts once.`;
const wrong = (operation: string, it: string) => `${operation}: \`x-ax-retryable\` must be a boolean, but it is ${it}. Write it as \`x-ax-retryable: false\`.`;

testRule('ax-recoverable-retryable', [
  {
    name: 'fires on every mutation without x-ax-retryable, on the operation; ignores get',
    document: oas3({
      '/payments': { post: { responses: ok }, get: { responses: ok } },
      '/payments/{id}': { put: { responses: ok }, patch: { responses: ok }, delete: { responses: ok } },
    }),
    errors: [
      { path: ['paths', '/payments', 'post'], message: missing('POST /payments') },
      { path: ['paths', '/payments/{id}', 'put'], message: idempotent('PUT /payments/{id}', 'PUT') },
      { path: ['paths', '/payments/{id}', 'patch'], message: missing('PATCH /payments/{id}') },
      { path: ['paths', '/payments/{id}', 'delete'], message: idempotent('DELETE /payments/{id}', 'DELETE') },
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
      { path: ['paths', '/payments', 'post', 'x-ax-retryable'], message: wrong('POST /payments', 'the string "false"') },
      { path: ['paths', '/payments', 'get', 'x-ax-retryable'], message: wrong('GET /payments', 'the number 1') },
      { path: ['paths', '/refunds', 'post', 'x-ax-retryable'], message: wrong('POST /refunds', 'null') },
    ],
  },
  {
    name: 'a path item reached through $ref is checked where its operations are',
    document: oas3({ '/payments': ref('Payments', 'pathItems') }, { pathItems: { Payments: { post: { responses: ok } } } }, '3.1.0'),
    errors: [{ path: component('pathItems', 'Payments', 'post'), message: missing('POST /payments') }],
  },
  {
    name: 'Swagger 2.0',
    document: swagger2({ '/payments': { post: { responses: ok } }, '/refunds': { post: { 'x-ax-retryable': false, responses: ok } } }),
    errors: [{ path: ['paths', '/payments', 'post'], message: missing('POST /payments') }],
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
    errors: [{ path: ['paths', '/payments', 'post'], message: missing('POST /payments') }],
  },
]);
