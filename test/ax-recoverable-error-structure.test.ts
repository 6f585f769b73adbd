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
import { fixAndRelint, testRule } from './support/testRule';
import { componentProblem, schemaProblem } from './support/said';
import { combine } from '../lib/findings/edits';
import { component } from './support/components';
import { getWith as get, OK as ok } from './support/documents';

/** What several cases expect the rule to say. */
const SCHEMA_PROBLEM = schemaProblem('has no code', 'Add a required `code` (e.g. "CONFLICT"); your error handler must then send it.', { concept: 'errorCode' });
const SCHEMA_PROBLEM_2 = schemaProblem(
  'has no code and may keep its message in `error`',
  'Add a required `code` (e.g. "VALIDATION_ERROR"). If `error` is the message, describe it so and require it; else add a required `message`.',
  { concept: ['errorCode', 'message'] },
);
const COMPONENT_PROBLEM = componentProblem(
  'has no code and may keep its message in `error`',
  'Add a required `code` (e.g. "NOT_FOUND"). If `error` is the message, describe it so and require it; else add a required `message`.',
  { concept: ['errorCode', 'message'] },
);
const COMPONENT_PROBLEM_2 = componentProblem(
  'has no code and no message',
  'Add a required `code` (e.g. "VALIDATION_ERROR") and a required `message`; your error handler must then send them.',
  { concept: ['errorCode', 'message'] },
);
const COMPONENT_PROBLEM_3 = componentProblem('has no message (`error` is the code)', 'Add a required `message`; your error handler must then send it.', {
  concept: 'message',
});
const COMPONENT_PROBLEM_4 = componentProblem(
  'has no code (`code` is the HTTP status)',
  'Add a required `error_code` (e.g. "VALIDATION_ERROR"); your error handler must then send it.',
  { concept: 'errorCode' },
);
const SCHEMA_PROBLEM_3 = schemaProblem(
  'has no code (`statusCode` and `error` are the HTTP status)',
  'Add a required `code` (e.g. "VALIDATION_ERROR"); your error handler must then send it.',
  { concept: 'errorCode' },
);

/** The example code fits the response's status: a 404 is no validation error. */
const addCode = (example = 'VALIDATION_ERROR') => `a required \`code\` (e.g. "${example}")`;
/** A fix that requires members ends by saying the server must then send them. */
const SEND_IT = '; your error handler must then send it.';
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
        ...schemaProblem(
          'does not require `errorCode` or `errorMessage`',
          'Require `errorCode` and `errorMessage` in the schema; your error handler must then send them.',
        ),
      },
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA),
        ...schemaProblem('has no code', 'Add a required `code` (e.g. "INTERNAL_ERROR"); your error handler must then send it.', { concept: 'errorCode' }),
      },
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
        ...SCHEMA_PROBLEM,
      },
    ],
  },
  {
    name: 'fires on the AX Spec’s bad payload {"error": "Bad Request"}, on the inline schema',
    document: oas3({
      '/payments': { post: { responses: { '201': { description: 'Created' }, '400': errorResponse(BAD_REQUEST_STRING, { error: 'Bad Request' }) } } },
    }),
    errors: [{ path: at('/payments', 'post', '400', ...JSON_SCHEMA), ...SCHEMA_PROBLEM_2 }],
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
        ...schemaProblem('does not require `code`', 'Require `code` in the schema; your error handler must then send it.'),
      },
      {
        path: at('/a', 'get', '404', ...JSON_SCHEMA),
        ...schemaProblem('does not require `detail`', 'Require `detail` in the schema; your error handler must then send it.'),
      },
      {
        path: at('/a', 'get', '409', ...JSON_SCHEMA),
        ...schemaProblem(
          'has no message and does not require `code`',
          'Add a required `message`. Require `code` in the schema; your error handler must then send them.',
          { concept: 'message' },
        ),
      },
    ],
  },
  {
    name: 'fires on the Agent Recovery guide’s 500 with a stack trace: an untyped string `error` beside a message may be the code (Decentraland), so it is asked about; one that declares prose is not the code; a lone one is the message',
    document: oas3({
      '/invoices/{id}/finalize': { post: { responses: { ...ok, '500': errorResponse(STACK_TRACE_500, STACK_TRACE_500_EXAMPLE) } } },
      '/wearables': get({ '503': body({ type: 'object', properties: { error: { type: 'string', example: 'Something went wrong' }, message: string } }) }),
      '/entities': get({ '400': body({ type: 'object', required: ['error'], properties: { error: string } }) }),
    }),
    errors: [
      {
        path: at('/invoices/{id}/finalize', 'post', '500', ...JSON_SCHEMA),
        ...schemaProblem(
          'does not require `message` and may keep its code in `error`',
          'Require `message` in the schema. If `error` is the code, describe it so and require it; else add a required `code` (e.g. "INTERNAL_ERROR").',
          { concept: 'errorCode' },
        ),
      },
      {
        path: at('/wearables', 'get', '503', ...JSON_SCHEMA),
        ...schemaProblem(
          'has no code and does not require `message` (`error` is text, not a code)',
          'Add a required `code` (e.g. "SERVICE_UNAVAILABLE"). Require `message` in the schema; your error handler must then send them.',
          { concept: 'errorCode' },
        ),
      },
      {
        path: at('/entities', 'get', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          'has no code and may keep its message in `error`',
          'Add a required `code` (e.g. "VALIDATION_ERROR"). If `error` is the message, describe it so; else add a required `message`.',
          { concept: ['errorCode', 'message'] },
        ),
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
        ...schemaProblem('does not require `code` in its `error` object', 'Require `code` in the `error` object; your error handler must then send it.'),
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
        ...schemaProblem('does not require `code` or `message`', 'Require `code` and `message` in the schema; your error handler must then send them.'),
      },
    ],
  },
  {
    name: 'oneOf: fires when one branch lacks the code, naming how many shapes; a non-object branch is error-schema’s',
    document: oas3({ '/a': get({ '400': body({ oneOf: [PROBLEM, { type: 'object', required: ['message'], properties: { message: string } }, string] }) }) }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA),
        ...schemaProblem('has no code', 'Add a required `code` (e.g. "VALIDATION_ERROR"); your error handler must then send it.', {
          concept: 'errorCode',
          shapes: { messageId: 'someShapes', data: { count: 1, total: 2 } },
        }),
      },
    ],
  },
  {
    name: 'a components/responses entry shared by two operations fires once, on the schema it shares, naming both users',
    document: oas3(
      {
        '/a': get({ '404': ref('NotFound', 'responses') }),
        '/b': { delete: { responses: { '204': { description: 'Gone' }, '404': ref('NotFound', 'responses') } } },
      },
      { responses: { NotFound: errorResponse(ref('Legacy')) }, schemas: { Legacy: BAD_REQUEST_STRING } },
    ),
    errors: [{ path: component('schemas', 'Legacy'), ...COMPONENT_PROBLEM }],
  },
  {
    name: 'an exempt operation is no user of the shared component: it drops out of the count, and when every user is exempt the finding is gone',
    document: oas3(
      {
        '/a': get({ '404': ref('NotFound', 'responses') }),
        '/b': { delete: { responses: { '204': { description: 'Gone' }, '404': ref('NotFound', 'responses') } } },
        '/c': {
          get: {
            'x-ax-exempt': { 'ax-recoverable-error-structure': 'Proxied third-party error body' },
            responses: { ...ok, '404': ref('NotFound', 'responses') },
          },
        },
        '/d': {
          'x-ax-exempt': { 'ax-recoverable-error-structure': 'Frozen v0 contract, retired in 2027' },
          get: { responses: { ...ok, '400': body(ref('Frozen')) } },
        },
      },
      { responses: { NotFound: errorResponse(ref('Legacy')) }, schemas: { Legacy: BAD_REQUEST_STRING, Frozen: BAD_REQUEST_STRING } },
    ),
    errors: [{ path: component('schemas', 'Legacy'), ...COMPONENT_PROBLEM }],
  },
  {
    name: 'x-ax-error-code on the response satisfies the code, not the message',
    document: oas3({
      '/a': get({
        '404': { 'x-ax-error-code': 'PAYMENT_NOT_FOUND', ...errorResponse({ type: 'object', required: ['message'], properties: { message: string } }) },
        '410': { 'x-ax-error-code': 'PAYMENT_GONE', ...errorResponse({ type: 'object', properties: { reason: string } }) },
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '410', ...JSON_SCHEMA),
        ...schemaProblem('may keep its message in `reason`', 'If `reason` is the message, describe it so and require it; else add a required `message`.', {
          concept: 'message',
        }),
      },
    ],
  },
  {
    name: 'covers 4XX, 5XX and default; ignores 2xx',
    document: oas3({
      '/a': {
        get: { responses: { '200': body(BAD_REQUEST_STRING), '4XX': body(BAD_REQUEST_STRING), '5XX': body(PROBLEM), default: body(BAD_REQUEST_STRING) } },
      },
    }),
    errors: [
      { path: at('/a', 'get', '4XX', ...JSON_SCHEMA), ...SCHEMA_PROBLEM_2 },
      { path: at('/a', 'get', 'default', ...JSON_SCHEMA), ...SCHEMA_PROBLEM_2 },
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
    errors: [
      {
        path: ['definitions', 'Legacy'],
        ...componentProblem(
          'has no code and may keep its message in `error`',
          'Add a required `code` (e.g. "VALIDATION_ERROR"). If `error` is the message, describe it so and require it; else add a required `message`.',
          { concept: ['errorCode', 'message'] },
        ),
      },
    ],
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
        ...schemaProblem('has no message', 'Add a required `message`; your error handler must then send it.', {
          concept: 'message',
          schema: 'the application/problem+json error schema',
        }),
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
    errors: [{ path: component('schemas', 'Legacy'), ...COMPONENT_PROBLEM }],
  },
  {
    name: 'Swagger 2.0 with two JSON produces: reported once',
    document: swagger2({
      '/a': {
        get: { produces: ['application/json', 'application/problem+json'], responses: { ...ok, '400': { description: 'Bad', schema: BAD_REQUEST_STRING } } },
      },
    }),
    errors: [{ path: at('/a', 'get', '400', 'schema'), ...SCHEMA_PROBLEM_2 }],
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
        ...schemaProblem('has no code', 'Add a required `reason` (e.g. "INTERNAL_ERROR"); your error handler must then send it.', { concept: 'errorCode' }),
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
    errors: [{ path: at('/a', 'post', '400', ...JSON_SCHEMA), ...SCHEMA_PROBLEM_2 }],
  },
  {
    name: "members named like the missing one are named with what they are: Linode's `reason` (the message), Slack's `error` (the code), Blockfrost's `error` and `status_code` (the HTTP status)",
    document: oas3(
      {
        '/linode/instances': get({ default: body(ref('LinodeErrors')) }),
        '/admin.conversations.archive': get({
          default: body({
            type: 'object',
            required: ['ok', 'error'],
            properties: { ok: { type: 'boolean', enum: [false] }, error: { type: 'string', enum: ['channel_not_found', 'already_archived'] } },
          }),
        }),
        '/blocks': get({
          '400': body({
            type: 'object',
            required: ['status_code', 'error', 'message'],
            properties: { status_code: { type: 'integer', example: 400 }, error: { type: 'string', example: 'Bad Request' }, message: string },
          }),
          '418': body({
            type: 'object',
            required: ['status_code', 'error', 'message'],
            properties: { status_code: { type: 'integer', example: 418 }, error: { type: 'string', example: 'Requested Banned' }, message: string },
          }),
        }),
      },
      {
        schemas: {
          LinodeErrors: { type: 'object', properties: { errors: { type: 'array', items: ref('LinodeError') } } },
          LinodeError: {
            type: 'object',
            required: ['reason'],
            properties: {
              field: string,
              reason: { type: 'string', description: 'What happened to cause this error.', example: 'fieldname must be a valid value' },
            },
          },
        },
      },
      '3.1.0',
    ),
    errors: [
      {
        path: at('/admin.conversations.archive', 'get', 'default', ...JSON_SCHEMA),
        ...schemaProblem('has no message (`error` is the code)', 'Add a required `message`; your error handler must then send it.', { concept: 'message' }),
      },
      {
        path: at('/blocks', 'get', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          'has no code (`status_code` and `error` are the HTTP status)',
          'Add a required `code` (e.g. "VALIDATION_ERROR"); your error handler must then send it.',
          { concept: 'errorCode' },
        ),
      },
      {
        path: at('/blocks', 'get', '418', ...JSON_SCHEMA),
        ...schemaProblem(
          'has no code (`status_code` is the HTTP status; `error` is text, not a code)',
          'Add a required `code` (e.g. "VALIDATION_ERROR"); your error handler must then send it.',
          { concept: 'errorCode' },
        ),
      },
      {
        path: component('schemas', 'LinodeErrors'),
        ...componentProblem(
          'has no code in its `errors[]` items (`reason` is the message)',
          'Add a required `code` (e.g. "VALIDATION_ERROR") to the `errors[]` items; your error handler must then send it.',
          { concept: 'errorCode' },
        ),
      },
    ],
  },
  {
    name: "a discriminator names the object's type, not its error (Bitbucket, Swagger 2.0); an RFC 9457 `type` stays the code where a base schema discriminates on `type`",
    document: swagger2(
      {
        '/addon': {
          delete: { responses: { '204': { description: 'Deleted' }, '401': { description: 'No authorization.', schema: { $ref: '#/definitions/error' } } } },
        },
        '/planets': {
          post: { responses: { '201': { description: 'Created' }, '400': { description: 'Bad request', schema: { $ref: '#/definitions/Problem' } } } },
        },
      },
      {
        definitions: {
          object: { type: 'object', required: ['type'], discriminator: 'type', properties: { type: string } },
          error: {
            type: 'object',
            description:
              "Base type for most resource objects. It defines the common `type` element that identifies an object's type as Swagger's `discriminator`.",
            required: ['type'],
            properties: { type: string, error: { type: 'object', required: ['message'], properties: { message: string, detail: string } } },
          },
          Problem: { type: 'object', required: ['type', 'title'], properties: { type: string, title: string, status: { type: 'integer' } } },
        },
      },
    ),
    errors: [
      {
        path: ['definitions', 'error'],
        ...componentProblem(
          "has no code in its `error` object (`type` names the object's type)",
          'Add a required `code` (e.g. "UNAUTHENTICATED") to the `error` object; your error handler must then send it.',
          { concept: 'errorCode' },
        ),
      },
    ],
  },
  {
    name: 'an `Error` list (bunq) is an error list; Apideck\'s `type_name` ("The type of error returned") is a code; DigiLocker\'s untyped OAuth 2.0 `error` is the code',
    document: oas3({
      '/attachment-public': get({
        '400': body({
          type: 'object',
          properties: {
            Error: {
              type: 'array',
              items: { type: 'object', properties: { error_description: { type: 'string', description: 'The error description in English.' } } },
            },
          },
        }),
      }),
      '/vault/sessions': get({
        '400': body({
          type: 'object',
          required: ['type_name', 'message'],
          properties: {
            status_code: { type: 'number', description: 'HTTP status code', example: 400 },
            error: {
              type: 'string',
              description: 'Contains an explanation of the status_code as defined in HTTP/1.1 standard (RFC 7231)',
              example: 'Bad Request',
            },
            type_name: { type: 'string', description: 'The type of error returned', example: 'RequestValidationError' },
            message: string,
          },
        }),
      }),
      '/account/verify': get({
        '400': body({
          type: 'object',
          required: ['error', 'error_description'],
          properties: { error: { description: 'invalid_parameter' }, error_description: string },
        }),
      }),
    }),
    errors: [
      {
        path: at('/attachment-public', 'get', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          'has no code and does not require `error_description` in its `Error[]` items (`error_description` is the message)',
          'Add a required `code` (e.g. "VALIDATION_ERROR") to the `Error[]` items. Require `error_description` in the `Error[]` items; your error handler must then send them.',
          { concept: 'errorCode' },
        ),
      },
    ],
  },
  {
    name: "Jira's `errorMessages` list may be the message; SCIM's `scimType` described as the type of error may be the code: the findings ask",
    document: oas3({
      '/rest/api/3/dashboard/{id}': get({
        '400': body({
          type: 'object',
          properties: {
            errorMessages: { type: 'array', items: string },
            errors: { type: 'object', additionalProperties: string },
            status: { type: 'integer' },
          },
        }),
      }),
      '/v2/scim/2.0/Users': get({
        '400': body({
          type: 'object',
          required: ['detail'],
          properties: {
            detail: string,
            scimType: { type: 'string', description: 'Some types of errors will return this per the specification.' },
            status: string,
          },
        }),
      }),
    }),
    errors: [
      {
        path: at('/rest/api/3/dashboard/{id}', 'get', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          'has no code and may keep its message in `errorMessages`',
          'Add a required `code` (e.g. "VALIDATION_ERROR"). If `errorMessages` is the message, describe it so and require it; else add a required `message`.',
          { concept: ['errorCode', 'message'] },
        ),
      },
      {
        path: at('/v2/scim/2.0/Users', 'get', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          'may keep its code in `scimType`',
          'If `scimType` is the code, describe it so and require it; else add a required `code` (e.g. "VALIDATION_ERROR").',
          { concept: 'errorCode' },
        ),
      },
    ],
  },
  {
    name: 'a code one object below the body, clear by evidence (Docker Hub\'s `errinfo.type`, "Type of error."), is asked about; a record\'s `type` there is not',
    document: oas3({
      '/delete-images': get({
        '400': body({
          type: 'object',
          required: ['message'],
          properties: {
            message: string,
            txnid: string,
            errinfo: { type: 'object', properties: { api_call_name: string, type: { type: 'string', description: 'Type of error.', example: 'validation' } } },
          },
        }),
      }),
      '/orders': get({
        '409': body({
          type: 'object',
          required: ['message'],
          properties: { message: string, resource: { type: 'object', properties: { type: string, id: string } } },
        }),
      }),
    }),
    errors: [
      {
        path: at('/delete-images', 'get', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          'may keep its code in `errinfo.type`',
          'If `errinfo.type` is the code, describe it so and require it; else add a required `code` (e.g. "VALIDATION_ERROR").',
          { concept: 'errorCode' },
        ),
      },
      { path: at('/orders', 'get', '409', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
    ],
  },
  {
    name: "a schema whose example is the API's own error schema (Xero's problem under `Statements`) is told to answer that schema; an example that fits no error schema is not, and its code example is the schema's lowest status's (400) though only the 404 uses it so",
    document: oas3(
      {
        '/Statements': get({
          '400': errorResponse(ref('Statements'), { type: 'invalid-request', title: 'Invalid', detail: 'It failed.', status: 400 }),
          '404': errorResponse(ref('Statements'), { when: 'now', where: 'here' }),
          '403': errorResponse(ref('Error'), { type: 'invalid-application', title: 'Invalid', detail: 'No.', status: 403 }),
        }),
        '/FeedConnections': get({ '409': body(ref('Error')) }),
      },
      {
        schemas: {
          Statements: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { id: string } } } } },
          Error: {
            type: 'object',
            required: ['type', 'detail'],
            properties: { type: { type: 'string', description: 'Identifies the type of error.' }, title: string, detail: string, status: { type: 'integer' } },
          },
        },
      },
    ),
    errors: [
      {
        path: at('/Statements', 'get', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'exampleIsApiSchema', data: { name: 'Error', members: '`type`, `title`, `detail` and `status`' } },
          { messageId: 'answerApiSchema', data: { ref: '#/components/schemas/Error' } },
          { concept: ['errorCode', 'message'] },
        ),
      },
      { path: component('schemas', 'Statements'), ...COMPONENT_PROBLEM_2 },
    ],
  },
  {
    name: "an error response that answers its success body with no error in it is ax-recoverable-error-schema's to report (Box); a `type` whose one value is its schema's own name names the object's type",
    document: oas3(
      {
        '/templates': get({ '200': body(ref('MetadataTemplate')), '400': body(ref('MetadataTemplate')) }),
        '/errors': get({ '404': body(ref('Error')) }),
      },
      {
        schemas: {
          MetadataTemplate: { type: 'object', properties: { type: { type: 'string', enum: ['metadata_template'] }, templateKey: string } },
          Error: { type: 'object', required: ['type', 'message'], properties: { type: { type: 'string', enum: ['error'] }, message: string } },
        },
      },
    ),
    errors: [
      {
        path: component('schemas', 'Error'),
        ...componentProblem("has no code (`type` names the object's type)", 'Add a required `code` (e.g. "NOT_FOUND"); your error handler must then send it.', {
          concept: 'errorCode',
        }),
      },
    ],
  },
  {
    name: 'an OAuth-style `error` beside `error_description` is the code, unless it says it is the message (HERE\'s "Error message")',
    document: oas3({
      '/locate': get({
        '401': body({
          type: 'object',
          properties: {
            error: { type: 'string', description: 'Error message' },
            error_description: { type: 'string', description: 'Detailed information about the error' },
          },
        }),
        '403': body({ type: 'object', required: ['error', 'error_description'], properties: { error: string, error_description: string } }),
      }),
    }),
    errors: [
      {
        path: at('/locate', 'get', '401', ...JSON_SCHEMA),
        ...schemaProblem(
          'has no code and does not require `error_description` (`error` and `error_description` hold the message)',
          'Add a required `code` (e.g. "UNAUTHENTICATED"). Require `error_description` in the schema; your error handler must then send them.',
          { concept: 'errorCode' },
        ),
      },
    ],
  },
  {
    name: "the example code is the name of an error schema that names one error (AWS's exception classes, a one-status `NotFoundError`), not that of a shared or generic one",
    document: oas3(
      {
        '/tags': {
          post: {
            responses: {
              '200': { description: 'OK' },
              '480': body(ref('TooManyTagsException')),
              '481': body(ref('ServerException')),
              '404': body(ref('NotFoundError')),
              '400': body(ref('ErrorResponse')),
              '500': body(ref('ErrorResponse')),
            },
          },
        },
        '/keys': { post: { responses: { '200': { description: 'OK' }, '480': body(ref('ServerException')) } } },
      },
      { schemas: { TooManyTagsException: {}, ServerException: {}, NotFoundError: {}, ErrorResponse: {} } },
    ),
    errors: [
      {
        path: component('schemas', 'TooManyTagsException'),
        ...componentProblem(
          'has no code and no message',
          'Add a required `code` (e.g. "TooManyTagsException") and a required `message`; your error handler must then send them.',
          { concept: ['errorCode', 'message'] },
        ),
      },
      {
        path: component('schemas', 'ServerException'),
        ...componentProblem(
          'has no code and no message',
          'Add a required `code` (e.g. "ServerException") and a required `message`; your error handler must then send them.',
          { concept: ['errorCode', 'message'] },
        ),
      },
      {
        path: component('schemas', 'NotFoundError'),
        ...componentProblem(
          'has no code and no message',
          'Add a required `code` (e.g. "NotFoundError") and a required `message`; your error handler must then send them.',
          { concept: ['errorCode', 'message'] },
        ),
      },
      // One defect of one schema: one finding. Its example code cannot fit both statuses; the first user's is expected here.
      { path: component('schemas', 'ErrorResponse'), ...COMPONENT_PROBLEM_2 },
    ],
  },
  {
    name: "a batch body whose items carry their own errors (Xero's `items[].errors[]`) has no code of its own: the finding says where the items' are",
    document: oas3(
      { '/Statements': get({ '409': body(ref('Statements')) }) },
      {
        schemas: {
          Statements: { type: 'object', properties: { items: { type: 'array', items: ref('Statement') } } },
          Statement: { type: 'object', properties: { id: string, errors: { type: 'array', items: ref('Error') } } },
          Error: { type: 'object', properties: { type: { type: 'string', description: 'Identifies the type of error.' }, detail: string } },
        },
      },
    ),
    errors: [
      {
        path: component('schemas', 'Statements'),
        ...componentProblem(
          'has no code and no message (`items[].errors[].type` and `items[].errors[].detail` are per item)',
          'Add a required `code` (e.g. "CONFLICT") and a required `message`; your error handler must then send them.',
          { concept: ['errorCode', 'message'] },
        ),
      },
    ],
  },
  {
    name: "a new code takes the name the API's own error schemas give it, when two or more do (Just Eat's `errorCode`)",
    document: oas3(
      {
        '/orders': get({ '400': body(ref('Fault4XX')), '500': body(ref('Fault5XX')), '503': body(ref('Plain')) }),
        '/menus': get({ '400': body(ref('Fault4XX')) }),
      },
      {
        schemas: {
          Fault4XX: { type: 'object', required: ['errorCode', 'description'], properties: { errorCode: string, description: string } },
          Fault5XX: { type: 'object', required: ['errorCode', 'description'], properties: { errorCode: string, description: string } },
          Plain: { type: 'object', required: ['description'], properties: { description: string } },
        },
      },
    ),
    errors: [
      {
        path: component('schemas', 'Plain'),
        ...componentProblem('has no code', 'Add a required `errorCode` (e.g. "SERVICE_UNAVAILABLE"); your error handler must then send it.', {
          concept: 'errorCode',
        }),
      },
    ],
  },
  {
    name: "the code and message a response's example sends under undeclared names are declared as they are (Xero's problem example beside another schema); the API's own code name is not added where the body uses it otherwise (Slack's `error`)",
    document: oas3(
      {
        '/Statements': get({
          '400': {
            description: 'Bad request',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'object' } } } },
                example: { type: 'invalid-request', title: 'Invalid Request', detail: 'The request body could not be read.' },
              },
            },
          },
        }),
        '/chat.post': get({ default: body(ref('ChatError')) }),
        '/chat.delete': get({ default: body(ref('DeleteError')) }),
        '/api.test': get({ default: body({ type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' }, error: string } }) }),
      },
      {
        schemas: {
          ChatError: {
            type: 'object',
            required: ['ok', 'error'],
            properties: { ok: { type: 'boolean' }, error: { type: 'string', enum: ['channel_not_found'] } },
          },
          DeleteError: {
            type: 'object',
            required: ['ok', 'error'],
            properties: { ok: { type: 'boolean' }, error: { type: 'string', enum: ['message_not_found'] } },
          },
        },
      },
    ),
    errors: [
      {
        path: at('/Statements', 'get', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          'has no code and no message',
          'Add a required `type`, the code its example sends ("invalid-request") and a required `detail`, as its example sends; your error handler must then send them.',
          { concept: ['errorCode', 'message'] },
        ),
      },
      {
        path: at('/api.test', 'get', 'default', ...JSON_SCHEMA),
        ...SCHEMA_PROBLEM_2,
      },
      {
        path: component('schemas', 'ChatError'),
        ...COMPONENT_PROBLEM_3,
      },
      {
        path: component('schemas', 'DeleteError'),
        ...COMPONENT_PROBLEM_3,
      },
    ],
  },
  {
    name: 'a string `status` beside a `code` that is the HTTP status as a string (ATO\'s `code: "404"`, `status: "NOT_FOUND"`, in a schema named after that code) is the code, as beside Google\'s integer `code`',
    document: oas3(
      { '/business-names': get({ '404': body(ref('not-found')) }) },
      {
        schemas: {
          'not-found': {
            type: 'object',
            properties: {
              code: { type: 'string', description: 'The error code.', example: '404' },
              status: { type: 'string', description: 'The error status.', example: 'NOT_FOUND' },
              message: string,
            },
          },
        },
      },
    ),
    errors: [
      {
        path: component('schemas', 'not-found'),
        ...componentProblem('does not require `status` or `message`', 'Require `status` and `message` in the schema; your error handler must then send them.'),
      },
    ],
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
    errors: [{ path: component('schemas', 'Node'), ...COMPONENT_PROBLEM_2 }],
  },
]);

/** A member documented as the HTTP status (an integer echo of it) is never the machine-readable code (issue 38, g). */
describe('a status mirror is never the code', () => {
  const mirror = { type: 'integer', description: 'HTTP status code' };
  const MIRRORED = { type: 'object', required: ['code', 'message'], properties: { code: mirror, message: string } };
  /** App Center's `error` object: its `code` sends only error statuses and is said to be the status. */
  const APP_CENTER_ERROR = {
    type: 'object',
    required: ['message'],
    properties: { code: { type: 'integer', enum: [400, 403, 500], description: 'The status code return by the API.' }, message: string },
  };
  testRule('ax-recoverable-error-structure', [
    {
      name: 'OpenAPI 3.0 `$ref`: a required `code` described "HTTP status code" fires, and the new code takes a free canonical name',
      document: oas3({ '/a': get({ '400': body(ref('Problem')), '404': body(ref('Problem')) }) }, { schemas: { Problem: MIRRORED } }),
      errors: [{ path: component('schemas', 'Problem'), ...COMPONENT_PROBLEM_4 }],
    },
    {
      name: 'OpenAPI 3.1 `allOf`: the mirror in a shared base is no code either',
      document: oas3(
        { '/a': get({ '400': body({ allOf: [ref('Base'), { type: 'object', properties: { detail: string } }] }) }) },
        { schemas: { Base: MIRRORED } },
        '3.1.0',
      ),
      errors: [
        {
          path: at('/a', 'get', '400', ...JSON_SCHEMA),
          ...schemaProblem(
            'has no code (`code` is the HTTP status)',
            'Add a required `error_code` (e.g. "VALIDATION_ERROR"); your error handler must then send it.',
            { concept: 'errorCode' },
          ),
        },
      ],
    },
    {
      name: 'Swagger 2.0: a `code` bounded to 100–599 echoes the status',
      document: swagger2(
        { '/a': get({ '400': { description: 'Bad', schema: { $ref: '#/definitions/Problem' } } }) },
        { definitions: { Problem: { ...MIRRORED, properties: { code: { type: 'integer', minimum: 100, maximum: 599 }, message: string } } } },
      ),
      errors: [{ path: ['definitions', 'Problem'], ...COMPONENT_PROBLEM_4 }],
    },
    {
      name: 'lookalike: DigitalOcean\'s string `id` "corresponding to the HTTP status code", spelled as a code (`not_found`), stays the code',
      document: oas3({
        '/a': get({
          '404': body({
            type: 'object',
            required: ['id', 'message'],
            properties: {
              id: { type: 'string', description: 'A short identifier corresponding to the HTTP status code returned.', example: 'not_found' },
              message: string,
            },
          }),
        }),
      }),
      errors: [],
    },
    {
      name: 'OpenAPI 3.0 inline: App Center\'s `error.code` "The status code return by the API", `enum: [400, 403, 500]`, echoes the status',
      document: oas3({ '/a': get({ default: body({ type: 'object', properties: { error: APP_CENTER_ERROR } }) }) }),
      errors: [
        {
          path: at('/a', 'get', 'default', ...JSON_SCHEMA),
          ...schemaProblem(
            'has no code in its `error` object (`code` is the HTTP status)',
            'Add a required `error_code` (e.g. "VALIDATION_ERROR") to the `error` object; your error handler must then send it.',
            { concept: 'errorCode' },
          ),
        },
      ],
    },
    {
      name: 'lookalike, OpenAPI 3.0 `$ref` in `errors[]`: VA\'s string `code` sent as "103" beside `status: "400"` is the API\'s own code, not a status',
      document: oas3(
        { '/a': get({ '400': body({ type: 'object', properties: { errors: { type: 'array', items: ref('ErrorMessage') } } }) }) },
        {
          schemas: {
            ErrorMessage: {
              type: 'object',
              required: ['code', 'detail'],
              properties: { code: { type: 'string', example: '103' }, detail: string, status: { type: 'string', example: '400' }, title: string },
            },
          },
        },
      ),
      errors: [],
    },
    {
      name: 'lookalike, Swagger 2.0 `allOf`: an integer `code` whose values are 1xx (`enum: [101, 102]`) is an application code',
      document: swagger2(
        { '/a': get({ '400': { description: 'Bad', schema: { allOf: [{ $ref: '#/definitions/Problem' }] } } }) },
        { definitions: { Problem: { ...MIRRORED, properties: { code: { type: 'integer', enum: [101, 102] }, message: string } } } },
      ),
      errors: [],
    },
    {
      name: 'Swagger 2.0: a string `code` sent as "404" is still the status',
      document: swagger2(
        { '/a': get({ '404': { description: 'Missing', schema: { $ref: '#/definitions/Problem' } } }) },
        { definitions: { Problem: { ...MIRRORED, properties: { code: { type: 'string', example: '404' }, message: string } } } },
      ),
      errors: [
        {
          path: ['definitions', 'Problem'],
          ...componentProblem(
            'has no code (`code` is the HTTP status)',
            'Add a required `error_code` (e.g. "NOT_FOUND"); your error handler must then send it.',
            { concept: 'errorCode' },
          ),
        },
      ],
    },
    {
      name: 'lookalike: an undescribed integer `code` (an application code) stays the code',
      document: oas3({ '/a': get({ '400': body({ ...MIRRORED, properties: { code: { type: 'integer' }, message: string } }) }) }),
      errors: [],
    },
  ]);

  test('the fix adds `error_code` beside the mirror and the lint goes clean', async () => {
    const document = oas3({ '/a': get({ '400': body(ref('Problem')) }) }, { schemas: { Problem: MIRRORED } });
    const { before, edits, after } = await fixAndRelint('ax-recoverable-error-structure', document);
    expect(before).toHaveLength(1);
    expect(edits).toEqual([{ target: component('schemas', 'Problem'), update: { properties: { error_code: string }, required: ['error_code'] } }]);
    expect(after).toEqual([]);
  });
});

testRule('ax-recoverable-error-structure', [
  {
    name: 'a JSON error body declared on HEAD is never sent (RFC 9110 §9.3.2): silent there, judged on the GET that shares it',
    document: oas3(
      { '/things/{id}': { head: { responses: { '404': body(ref('Missing')) } }, get: { responses: { '404': body(ref('Missing')) } } } },
      { schemas: { Missing: { type: 'object', properties: { reason: { type: 'integer' } } } } },
    ),
    errors: [
      {
        path: component('schemas', 'Missing'),
        ...componentProblem(
          'has no code and no message',
          'Add a required `code` (e.g. "NOT_FOUND") and a required `message`; your error handler must then send them.',
          { concept: ['errorCode', 'message'] },
        ),
      },
    ],
  },
]);

/** An API that documents RFC 9457 problems in its prose is told to add the problem's own members (issue 38, f). */
describe('a documented problem+json convention', () => {
  const documented = (paths: object, schemas: object) => ({
    ...(oas3(paths, { schemas }, '3.1.0') as object),
    info: { title: 'T', version: '1', description: 'Errors are RFC 9457 `application/problem+json` documents.' },
  });
  const TITLED = { type: 'object', properties: { status: { type: 'integer' }, instance: string } };
  testRule('ax-recoverable-error-structure', [
    {
      name: 'OpenAPI 3.1 `allOf`: the code is asked as a problem `type` URI and the message as `detail`',
      document: documented({ '/a': get({ '400': body({ allOf: [ref('Titled'), { type: 'object' }] }) }) }, { Titled: TITLED }),
      errors: [
        {
          path: at('/a', 'get', '400', ...JSON_SCHEMA),
          ...schemaProblem(
            'has no code and no message',
            'Add a required `type` (e.g. "https://example.com/problems/validation-error") and a required `detail`; your error handler must then send them.',
            { concept: ['errorCode', 'message'] },
          ),
        },
      ],
    },
  ]);

  test('the fix adds `type` and `detail` and the lint goes clean', async () => {
    const document = documented({ '/a': get({ '400': body(ref('Titled')) }) }, { Titled: TITLED });
    const { edits, after } = await fixAndRelint('ax-recoverable-error-structure', document);
    expect(combine(edits)).toEqual([
      { target: component('schemas', 'Titled'), update: { properties: { type: string, detail: string }, required: ['type', 'detail'] } },
    ]);
    expect(after).toEqual([]);
  });
});

/** NestJS's default error body: its ValidationPipe answers `message: string[]`, one sentence per failed check (issue 38). */
describe("NestJS's `message: string[]` is the message", () => {
  const nest = (message: object, extra: object = {}) => ({
    type: 'object',
    required: ['statusCode', 'message', 'error', ...Object.keys(extra)],
    properties: { statusCode: { type: 'integer', example: 400 }, message, error: { ...string, example: 'Bad Request' }, ...extra },
  });
  const SENTENCES = { type: 'array', items: string, example: ['quantity must be an integer number'] };
  testRule('ax-recoverable-error-structure', [
    {
      name: 'OpenAPI 3.0 inline: only the code is asked, never a second message',
      document: oas3({ '/a': get({ '400': body(nest(SENTENCES)) }) }),
      errors: [{ path: at('/a', 'get', '400', ...JSON_SCHEMA), ...SCHEMA_PROBLEM_3 }],
    },
    {
      name: 'Swagger 2.0, `allOf` of a definition: the same',
      document: swagger2(
        { '/a': { get: { responses: { '200': ok, '400': { description: 'Bad', schema: { allOf: [{ $ref: '#/definitions/NestError' }] } } } } } },
        { definitions: { NestError: nest(SENTENCES) } },
      ),
      // The `allOf` wrapper is the response's own schema: the finding stays on it.
      errors: [{ path: ['paths', '/a', 'get', 'responses', '400', 'schema'], ...SCHEMA_PROBLEM_3 }],
    },
    {
      name: 'with a required `code` beside it, nothing is missing (OpenAPI 3.1)',
      document: oas3({ '/a': get({ '400': body(nest(SENTENCES, { code: string })) }) }, {}, '3.1.0'),
      errors: [],
    },
    {
      name: 'a lookalike: a `message` list of objects is no message, so the finding still asks where the message is',
      document: oas3({ '/a': get({ '400': body(nest({ type: 'array', items: { type: 'object', properties: { text: string } } })) }) }),
      errors: [
        {
          path: at('/a', 'get', '400', ...JSON_SCHEMA),
          ...schemaProblem(
            'has no code and may keep its message in `error` (`statusCode` is the HTTP status)',
            'Add a required `code` (e.g. "VALIDATION_ERROR"). If `error` is the message, describe it so; else add a required `detail`.',
            { concept: ['errorCode', 'message'] },
          ),
        },
      ],
    },
  ]);

  test('the fix adds a required `code` beside the list, which stays as it is, and the lint goes clean', async () => {
    const { edits, after } = await fixAndRelint('ax-recoverable-error-structure', oas3({ '/a': get({ '400': body(nest(SENTENCES)) }) }));
    expect(combine(edits)).toEqual([{ target: at('/a', 'get', '400', ...JSON_SCHEMA), update: { properties: { code: string }, required: ['code'] } }]);
    expect(after).toEqual([]);
  });
});

const ROUTES = { type: 'object', properties: { buckets: { type: 'string', format: 'uri' }, users: { type: 'string', format: 'uri' } } };

/** A lone `default` is the operation's answer unless it is described or named as an error (issue 38: InfluxDB's `GET /`, "All routes"). */
testRule('ax-recoverable-error-structure', [
  {
    name: 'OpenAPI 3.0: a lone `default` "All routes" answering `Routes` is the answer, silent; beside a 200 it is the errors and fires; a lone `default` "Unexpected error" fires',
    document: oas3(
      {
        '/': { get: { operationId: 'GetRoutes', responses: { default: body(ref('Routes'), 'application/json', 'All routes') } } },
        '/a': get({ default: body(ref('Status'), 'application/json', 'All routes') }),
        '/b': { get: { responses: { default: body(ref('Outcome'), 'application/json', 'Unexpected error') } } },
      },
      { schemas: { Routes: ROUTES, Status: ROUTES, Outcome: ROUTES } },
    ),
    errors: [
      { path: component('schemas', 'Status'), ...COMPONENT_PROBLEM_2 },
      { path: component('schemas', 'Outcome'), ...COMPONENT_PROBLEM_2 },
    ],
  },
  {
    name: 'Swagger 2.0: a lone `default` answering `$ref: Error` is the errors (named for one), fires; one answering `Routes` stays silent',
    document: swagger2(
      {
        '/': { get: { responses: { default: { description: 'Response', schema: { $ref: '#/definitions/Routes' } } } } },
        '/a': { get: { responses: { default: { description: 'Response', schema: { $ref: '#/definitions/Error' } } } } },
      },
      { definitions: { Routes: ROUTES, Error: ROUTES } },
    ),
    errors: [{ path: ['definitions', 'Error'], ...COMPONENT_PROBLEM_2 }],
  },
]);
