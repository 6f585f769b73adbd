import { at, body, JSON_SCHEMA, oas3, ref, swagger2 } from './support/documents';
import {
  BAD_REQUEST_STRING,
  errorResponse,
  AX_SPEC_ERROR,
  AX_SPEC_EXAMPLE,
  AX_SPEC_FIELD_ERROR,
  GEODOCS_ENVELOPE,
  GEODOCS_EXAMPLE,
  RECOVERY_GUIDE_INTERNAL_EXAMPLE,
  RECOVERY_GUIDE_PROBLEM,
  RECOVERY_GUIDE_VALIDATION_EXAMPLE,
  STACK_TRACE_500,
  STACK_TRACE_500_EXAMPLE,
} from './support/published-errors';
import { testRule } from './support/testRule';
import { getWith as get, OK as ok } from './support/documents';

/** The example code fits the response's status: a 404 is no validation error. */
const addCode = (example = 'VALIDATION_ERROR') => `a required \`code\` (e.g. "${example}")`;
const ADD_MESSAGE = 'a required `message`';
/** A fix that requires members ends by saying the server must then send them. */
const SEND_IT = '; your error handler must then send it.';
const SEND_THEM = '; your error handler must then send them.';
const neither = (where: string, example = 'VALIDATION_ERROR') =>
  `${where}: the error schema has no code and no message. Add ${addCode(example)} and ${ADD_MESSAGE}${SEND_THEM}`;
/** A bare string `error` may be the message (likely evidence): the finding asks, and leaves the edit to a person. */
const errorOnly = (where: string, example = 'VALIDATION_ERROR') =>
  `${where}: the error schema has no code and may keep its message in \`error\`. Add ${addCode(example)}. If \`error\` is the message, describe it so and require it; else add ${ADD_MESSAGE}.`;
const string = { type: 'string' };
const PROBLEM = { type: 'object', required: ['code', 'message'], properties: { code: string, message: string } };

testRule('ax-recoverable-error-structure', [
  {
    name: "an `errorMessage` beside an `errorCode`, and Figma's `err`, are the API's messages: the finding names them, and only the code is missing",
    document: oas3({
      '/a': get({
        '400': body({ type: 'object', properties: { errorCode: string, errorMessage: string, propertyName: string } }),
        '500': body({ type: 'object', required: ['status', 'err'], properties: { status: { type: 'number' }, err: string } }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA),
        message: `GET /a 400: the error schema does not require \`errorCode\` or \`errorMessage\`. List \`errorCode\` and \`errorMessage\` as required in the schema${SEND_THEM}`,
      },
      { path: at('/a', 'get', '500', ...JSON_SCHEMA), message: `GET /a 500: the error schema has no code. Add ${addCode('INTERNAL_ERROR')}${SEND_IT}` },
    ],
  },
  {
    name: 'the example code fits the status: a 405, a 413 or a 502 is no validation error either',
    document: oas3({
      '/a': get(
        Object.fromEntries(['405', '413', '502'].map(status => [status, body({ type: 'object', required: ['message'], properties: { message: string } })])),
      ),
    }),
    errors: [
      ['405', 'METHOD_NOT_ALLOWED'],
      ['413', 'PAYLOAD_TOO_LARGE'],
      ['502', 'BAD_GATEWAY'],
    ].map(([status, code]) => ({
      path: at('/a', 'get', status, ...JSON_SCHEMA),
      message: `GET /a ${status}: the error schema has no code. Add ${addCode(code)}${SEND_IT}`,
    })),
  },
  {
    name: "an identifier-valued `id` is a code (DigitalOcean's `id: not_found`); an occurrence id (a UUID, JSON:API's error `id`) is not",
    document: oas3({
      '/v2/droplets': get({
        '404': body({
          type: 'object',
          required: ['id', 'message'],
          properties: { id: { type: 'string', example: 'not_found' }, message: string, request_id: string },
        }),
        '409': body({
          type: 'object',
          required: ['id', 'message'],
          properties: { id: { type: 'string', example: '4d9d8375-3c56-4925-a3e7-eb137fed17e9' }, message: string },
        }),
      }),
    }),
    errors: [
      {
        path: at('/v2/droplets', 'get', '409', ...JSON_SCHEMA),
        message: `GET /v2/droplets 409: the error schema has no code. Add ${addCode('CONFLICT')}${SEND_IT}`,
      },
    ],
  },
  {
    name: 'fires on the AX Spec’s bad payload {"error": "Bad Request"}, on the inline schema',
    document: oas3({
      '/payments': { post: { responses: { '201': { description: 'Created' }, '400': errorResponse(BAD_REQUEST_STRING, { error: 'Bad Request' }) } } },
    }),
    errors: [{ path: at('/payments', 'post', '400', ...JSON_SCHEMA), message: errorOnly('POST /payments 400') }],
  },
  {
    name: 'says which member is declared but not required',
    document: oas3({
      '/a': get({
        '400': body({ type: 'object', required: ['message'], properties: { code: string, message: string } }),
        '404': body({ type: 'object', required: ['error_code'], properties: { error_code: string, detail: string } }),
        '409': body({ type: 'object', properties: { code: string } }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA),
        message: `GET /a 400: the error schema does not require \`code\`. List \`code\` as required in the schema${SEND_IT}`,
      },
      {
        path: at('/a', 'get', '404', ...JSON_SCHEMA),
        message: `GET /a 404: the error schema does not require \`detail\`. List \`detail\` as required in the schema${SEND_IT}`,
      },
      {
        path: at('/a', 'get', '409', ...JSON_SCHEMA),
        message: `GET /a 409: the error schema has no message and does not require \`code\`. Add ${ADD_MESSAGE}. List \`code\` as required in the schema${SEND_THEM}`,
      },
    ],
  },
  {
    name: 'fires on the Agent Recovery guide’s 500 with a stack trace: an exception name is no code',
    document: oas3({ '/invoices/{id}/finalize': { post: { responses: { ...ok, '500': errorResponse(STACK_TRACE_500, STACK_TRACE_500_EXAMPLE) } } } }),
    errors: [
      {
        path: at('/invoices/{id}/finalize', 'post', '500', ...JSON_SCHEMA),
        message: `POST /invoices/{id}/finalize 500: the error schema has no code and does not require \`message\`. Add ${addCode('INTERNAL_ERROR')}. List \`message\` as required in the schema${SEND_THEM}`,
      },
    ],
  },
  {
    name: "stays silent on the sources’ good schemas and examples: the AX Spec's ($ref chain), Geodocs' (error wrapper), the Agent Recovery guide's (RFC 9457 type/detail)",
    document: oas3(
      {
        '/a': get({ '400': errorResponse(ref('Error'), AX_SPEC_EXAMPLE) }),
        '/b': get({ '429': errorResponse(GEODOCS_ENVELOPE, GEODOCS_EXAMPLE) }),
        '/c': get({
          '422': errorResponse(RECOVERY_GUIDE_PROBLEM, RECOVERY_GUIDE_VALIDATION_EXAMPLE, 'application/problem+json'),
          '500': errorResponse(ref('Problem'), RECOVERY_GUIDE_INTERNAL_EXAMPLE, 'application/problem+json'),
        }),
      },
      { schemas: { Error: ref('AxError'), AxError: AX_SPEC_ERROR, FieldError: AX_SPEC_FIELD_ERROR, Problem: RECOVERY_GUIDE_PROBLEM } },
      '3.1.0',
    ),
    errors: [],
  },
  {
    name: 'looks inside the error wrapper, and says where to list what it does not require',
    document: oas3({
      '/a': get({
        '400': body({ type: 'object', properties: { error: { type: 'object', required: ['message'], properties: { code: string, message: string } } } }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA),
        message: `GET /a 400: the error schema does not require \`code\` in its \`error\` object. List \`code\` as required in the \`error\` object${SEND_IT}`,
      },
    ],
  },
  {
    name: 'allOf composition: members and required may come from different branches',
    document: oas3(
      {
        '/a': get({
          '400': body({ allOf: [ref('Base'), { required: ['code', 'message'] }] }),
          '409': body({ allOf: [ref('Base'), { type: 'object', properties: { currentState: string } }] }),
        }),
      },
      { schemas: { Base: { type: 'object', properties: { code: string, message: string } } } },
    ),
    errors: [
      {
        path: at('/a', 'get', '409', ...JSON_SCHEMA),
        message: `GET /a 409: the error schema does not require \`code\` or \`message\`. List \`code\` and \`message\` as required in the schema${SEND_THEM}`,
      },
    ],
  },
  {
    name: 'oneOf: fires when one branch lacks the code, naming how many shapes; a non-object branch is error-schema’s',
    document: oas3({ '/a': get({ '400': body({ oneOf: [PROBLEM, { type: 'object', required: ['message'], properties: { message: string } }, string] }) }) }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA),
        message: `GET /a 400: the error schema has no code in 1 of its 2 oneOf/anyOf shapes. Add ${addCode()}${SEND_IT}`,
      },
    ],
  },
  {
    name: 'a components/responses entry shared by two operations fires once per operation, on each',
    document: oas3(
      {
        '/a': get({ '404': ref('NotFound', 'responses') }),
        '/b': { delete: { responses: { '204': { description: 'Gone' }, '404': ref('NotFound', 'responses') } } },
      },
      { responses: { NotFound: errorResponse(ref('Legacy')) }, schemas: { Legacy: BAD_REQUEST_STRING } },
    ),
    errors: [
      { path: at('/a', 'get', '404'), message: errorOnly('GET /a 404', 'NOT_FOUND') },
      { path: at('/b', 'delete', '404'), message: errorOnly('DELETE /b 404', 'NOT_FOUND') },
    ],
  },
  {
    name: 'x-ax-error-code on the response satisfies the code, not the message',
    document: oas3({
      '/a': get({
        '404': { 'x-ax-error-code': 'PAYMENT_NOT_FOUND', ...errorResponse({ type: 'object', required: ['message'], properties: { message: string } }) },
        '410': { 'x-ax-error-code': 'PAYMENT_GONE', ...errorResponse({ type: 'object', properties: { reason: string } }) },
      }),
    }),
    errors: [{ path: at('/a', 'get', '410', ...JSON_SCHEMA), message: `GET /a 410: the error schema has no message. Add ${ADD_MESSAGE}${SEND_IT}` }],
  },
  {
    name: 'covers 4XX, 5XX and default; ignores 2xx',
    document: oas3({
      '/a': {
        get: { responses: { '200': body(BAD_REQUEST_STRING), '4XX': body(BAD_REQUEST_STRING), '5XX': body(PROBLEM), default: body(BAD_REQUEST_STRING) } },
      },
    }),
    errors: [
      { path: at('/a', 'get', '4XX', ...JSON_SCHEMA), message: errorOnly('GET /a 4XX') },
      { path: at('/a', 'get', 'default', ...JSON_SCHEMA), message: errorOnly('GET /a default') },
    ],
  },
  {
    name: 'Swagger 2.0: reads responses.<status>.schema through definitions',
    document: swagger2(
      {
        '/a': {
          get: {
            responses: {
              ...ok,
              '400': { description: 'Bad', schema: { $ref: '#/definitions/Legacy' } },
              '500': { description: 'Err', schema: { $ref: '#/definitions/Error' } },
            },
          },
        },
      },
      { definitions: { Legacy: BAD_REQUEST_STRING, Error: PROBLEM } },
    ),
    errors: [{ path: at('/a', 'get', '400', 'schema'), message: errorOnly('GET /a 400') }],
  },
  {
    name: 'OpenAPI 3.0 with two JSON bodies: names the media type that lacks the members',
    document: oas3({
      '/a': get({
        '400': {
          description: 'Bad',
          content: {
            'application/json': { schema: PROBLEM },
            'application/problem+json': { schema: { type: 'object', required: ['type'], properties: { type: string } } },
          },
        },
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', 'content', 'application/problem+json', 'schema'),
        message: `GET /a 400: the application/problem+json error schema has no message. Add ${ADD_MESSAGE}${SEND_IT}`,
      },
    ],
  },
  {
    name: 'one schema offered under several media types is reported once, without naming them (3.0 $ref, 2.0 produces)',
    document: oas3(
      {
        '/a': get({
          '404': { description: 'x', content: { 'application/json': { schema: ref('Legacy') }, 'application/problem+json': { schema: ref('Legacy') } } },
        }),
      },
      { schemas: { Legacy: BAD_REQUEST_STRING } },
    ),
    errors: [{ path: at('/a', 'get', '404', ...JSON_SCHEMA), message: errorOnly('GET /a 404', 'NOT_FOUND') }],
  },
  {
    name: 'Swagger 2.0 with two JSON produces: reported once',
    document: swagger2({
      '/a': {
        get: { produces: ['application/json', 'application/problem+json'], responses: { ...ok, '400': { description: 'Bad', schema: BAD_REQUEST_STRING } } },
      },
    }),
    errors: [{ path: at('/a', 'get', '400', 'schema'), message: errorOnly('GET /a 400') }],
  },
  {
    name: 'functionOptions replace the aliases and the suggested name',
    document: oas3({
      '/a': get({ '400': body({ type: 'object', required: ['reason', 'message'], properties: { reason: string, message: string } }), '500': body(PROBLEM) }),
    }),
    functionOptions: { errorCode: ['reason'] },
    errors: [
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA),
        message: `GET /a 500: the error schema has no code. Add a required \`reason\` (e.g. "INTERNAL_ERROR")${SEND_IT}`,
      },
    ],
  },
  {
    name: 'x-ax-exempt on the operation or its path item silences it there only',
    document: oas3({
      '/legacy': {
        'x-ax-exempt': { 'ax-recoverable-error-structure': 'Frozen v0 contract, retired in 2027' },
        get: { responses: { ...ok, '400': body(BAD_REQUEST_STRING) } },
      },
      '/a': {
        get: { 'x-ax-exempt': { 'ax-recoverable-error-structure': 'Proxied third-party error body' }, responses: { ...ok, '400': body(BAD_REQUEST_STRING) } },
        post: { responses: { ...ok, '400': body(BAD_REQUEST_STRING) } },
      },
    }),
    errors: [{ path: at('/a', 'post', '400', ...JSON_SCHEMA), message: errorOnly('POST /a 400') }],
  },
  {
    name: 'garbage: no body, a string schema, a dangling $ref, a non-object response and responses: null stay silent',
    document: oas3({
      '/a': get({
        '400': { description: 'No body' },
        '401': body('oops'),
        '402': body(ref('Missing')),
        '403': 'not a response',
        '404': body({ type: 'string' }),
        '405': ref('Missing', 'responses'),
      }),
      '/b': { get: { responses: null } },
    }),
    errors: [],
  },
  {
    name: 'circular schemas terminate',
    document: oas3(
      { '/a': get({ '400': body(ref('Node')) }) },
      { schemas: { Node: { allOf: [ref('Node'), { type: 'object', properties: { cause: ref('Node') } }] } } },
    ),
    errors: [{ path: at('/a', 'get', '400', ...JSON_SCHEMA), message: neither('GET /a 400') }],
  },
]);
