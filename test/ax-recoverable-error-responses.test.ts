import { body, oas3, ref, swagger2 } from './support/documents';
import { testRule } from './support/testRule';

/** What several cases expect the rule to say. */
const NO_CLIENT_ERROR = {
  messageId: 'noClientError',
  data: { fix: { messageId: 'addErrorResponse', data: { thenSend: '; your error handler must then send this body for validation errors too' } } },
};

const created = { '201': { description: 'Created' } };
const PROBLEM = { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } };

testRule('ax-recoverable-error-responses', [
  {
    name: "names the API's own shared rejection, a 400 or 422 before a more used 404 (GitHub's validation_failed)",
    document: oas3(
      {
        '/a': { post: { responses: { ...created, '422': ref('validation_failed', 'responses'), '404': ref('not_found', 'responses') } } },
        '/b': { delete: { responses: { '204': { description: 'Gone' }, '404': ref('not_found', 'responses') } } },
        '/c': { patch: { responses: { '200': { description: 'OK' } } } },
      },
      { responses: { validation_failed: body(PROBLEM), not_found: body(PROBLEM) } },
    ),
    errors: [
      {
        path: ['paths', '/c', 'patch', 'responses'],
        messageId: 'noClientError',
        data: { fix: { messageId: 'addSharedResponse', data: { status: '422', ref: '#/components/responses/validation_failed' } } },
      },
    ],
  },
  {
    name: 'in Swagger 2.0 too (`#/responses/…`)',
    document: swagger2(
      {
        '/a': { post: { responses: { ...created, '400': { $ref: '#/responses/BadRequest' } } } },
        '/b': { put: { responses: { '200': { description: 'OK' } } } },
      },
      { responses: { BadRequest: { description: 'Bad request', schema: PROBLEM } } },
    ),
    errors: [
      {
        path: ['paths', '/b', 'put', 'responses'],
        messageId: 'noClientError',
        data: { fix: { messageId: 'addSharedResponse', data: { status: '400', ref: '#/responses/BadRequest' } } },
      },
    ],
  },
  {
    name: 'a 4xx written inline in another operation is not offered: the fix says what the response should hold',
    document: oas3({ '/a': { post: { responses: { ...created, '400': body(PROBLEM) } } }, '/b': { put: { responses: { '200': { description: 'OK' } } } } }),
    errors: [{ path: ['paths', '/b', 'put', 'responses'], ...NO_CLIENT_ERROR }],
  },
  {
    name: 'fires on a mutation with only success responses, on its responses',
    document: oas3({ '/payments': { post: { responses: created } } }),
    errors: [{ path: ['paths', '/payments', 'post', 'responses'], ...NO_CLIENT_ERROR }],
  },
  {
    name: 'checks post, put, patch and delete; a 5xx alone is not enough; get is not checked',
    document: oas3({
      '/payments/{id}': {
        get: { responses: { '200': { description: 'OK' } } },
        put: { responses: { '200': { description: 'OK' }, '500': body(PROBLEM) } },
        patch: { responses: { '200': { description: 'OK' }, '5XX': body(PROBLEM) } },
        delete: { responses: { '204': { description: 'Gone' } } },
      },
    }),
    errors: [
      { path: ['paths', '/payments/{id}', 'put', 'responses'], ...NO_CLIENT_ERROR },
      { path: ['paths', '/payments/{id}', 'patch', 'responses'], ...NO_CLIENT_ERROR },
      { path: ['paths', '/payments/{id}', 'delete', 'responses'], ...NO_CLIENT_ERROR },
    ],
  },
  {
    name: 'stays silent when a 4xx, a 4XX or a default is declared, inline or as a shared $ref, even without a body',
    document: oas3(
      {
        '/a': { post: { responses: { ...created, '400': body(PROBLEM) } } },
        '/b': { put: { responses: { '200': { description: 'OK' }, '4XX': { description: 'Rejected' } } } },
        '/c': { delete: { responses: { '204': { description: 'Gone' }, default: ref('Problem', 'responses') } } },
        '/d': { patch: { responses: { '200': { description: 'OK' }, '409': ref('Problem', 'responses') } } },
      },
      { responses: { Problem: body(PROBLEM) } },
    ),
    errors: [],
  },
  {
    name: 'an operation without responses (or with responses: null) fires on the operation',
    document: oas3({ '/a': { post: { summary: 'No responses' } }, '/b': { delete: { responses: null } } }),
    errors: [
      { path: ['paths', '/a', 'post'], ...NO_CLIENT_ERROR },
      { path: ['paths', '/b', 'delete'], ...NO_CLIENT_ERROR },
    ],
  },
  {
    name: 'Swagger 2.0',
    document: swagger2({
      '/a': { post: { responses: { '201': { description: 'Created' } } } },
      '/b': { post: { responses: { '201': { description: 'Created' }, '422': { description: 'Invalid' } } } },
    }),
    errors: [{ path: ['paths', '/a', 'post', 'responses'], ...NO_CLIENT_ERROR }],
  },
  {
    name: 'OpenAPI 3.1',
    document: oas3({ '/a': { post: { responses: created } }, '/b': { post: { responses: { ...created, '400': body(PROBLEM) } } } }, {}, '3.1.0'),
    errors: [{ path: ['paths', '/a', 'post', 'responses'], ...NO_CLIENT_ERROR }],
  },
  {
    name: 'x-ax-exempt on the operation or the path item silences it',
    document: oas3({
      '/webhooks': {
        'x-ax-exempt': { 'ax-recoverable-error-responses': 'Inbound webhook; the sender ignores our status codes' },
        post: { responses: created },
      },
      '/ping': {
        post: { 'x-ax-exempt': { 'ax-recoverable-error-responses': 'Always answers 204, accepts any body' }, responses: { '204': { description: 'Pong' } } },
      },
    }),
    errors: [],
  },
  {
    name: 'garbage: a 4xx entry that is not a response or dangles still declares the status (Spectral reports the entry); a non-object path item is skipped',
    document: oas3({
      '/a': { post: { responses: { ...created, '400': 'not a response' } } },
      '/b': { post: { responses: { ...created, '400': ref('Missing', 'responses') } } },
      '/c': 'not a path item',
      '/d': { post: { responses: 'oops' } },
    }),
    errors: [{ path: ['paths', '/d', 'post'], ...NO_CLIENT_ERROR }],
  },
]);
