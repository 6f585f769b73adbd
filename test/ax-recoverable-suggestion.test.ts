import { at, body, errorList, JSON_SCHEMA, oas3, ref, swagger2 } from './support/documents';
import {
  BAD_REQUEST_STRING,
  errorResponse,
  AX_SPEC_ERROR,
  AX_SPEC_EXAMPLE,
  AX_SPEC_FIELD_ERROR,
  GEODOCS_ENVELOPE,
  GEODOCS_EXAMPLE,
  RECOVERY_GUIDE_PROBLEM,
  RECOVERY_GUIDE_VALIDATION_EXAMPLE,
} from './support/published-errors';
import { runRule, testRule } from './support/testRule';
import { componentProblem, schemaProblem } from './support/said';
import { component, usedBy } from './support/components';
import { OK as ok } from './support/documents';

/** What several cases expect the rule to say. */
const SCHEMA_PROBLEM = schemaProblem(
  { messageId: 'noHint', data: { concept: 'recoveryHint' } },
  { messageId: 'addHint', data: { name: 'recoveryHint', place: '', example: { messageId: 'checkRequestHint', data: {} } } },
  { concept: 'recoveryHint' },
);
const COMPONENT_PROBLEM = componentProblem(
  { messageId: 'noHint', data: { concept: 'recoveryHint' } },
  { messageId: 'addHint', data: { name: 'recoveryHint', place: '', example: { messageId: 'checkRequestHint', data: {} } } },
  { concept: 'recoveryHint' },
);

const post = (errors: object) => ({ post: { responses: { '201': { description: 'Created' }, ...errors } } });
const string = { type: 'string' };
const PROBLEM = { type: 'object', required: ['code', 'message'], properties: { code: string, message: string } };
const HINTED = { type: 'object', properties: { code: string, message: string, recoveryHint: string } };

testRule('ax-recoverable-suggestion', [
  {
    name: 'fires on the AX Spec’s bad R2 payload (code and message, no suggestion), on the inline schema',
    document: oas3({ '/payments': post({ '400': errorResponse(PROBLEM, { error_code: 'AMOUNT_TOO_LARGE', message: 'Amount exceeds maximum' }) }) }),
    errors: [{ path: at('/payments', 'post', '400', ...JSON_SCHEMA), ...SCHEMA_PROBLEM }],
  },
  {
    name: 'fires on {"error": "Bad Request"}',
    document: oas3({ '/payments': post({ '400': errorResponse(BAD_REQUEST_STRING, { error: 'Bad Request' }) }) }),
    errors: [{ path: at('/payments', 'post', '400', ...JSON_SCHEMA), ...SCHEMA_PROBLEM }],
  },
  {
    name: "stays silent on the sources: the AX Spec's `suggestion` ($ref chain), Geodocs' `hint` (error wrapper), the Agent Recovery guide's `suggestions` (array), the Agent-UX Envelope's `recoveryHint`",
    document: oas3(
      {
        '/a': post({ '400': errorResponse(ref('Error'), AX_SPEC_EXAMPLE) }),
        '/b': post({ '429': errorResponse(GEODOCS_ENVELOPE, GEODOCS_EXAMPLE) }),
        '/c': post({ '422': errorResponse(RECOVERY_GUIDE_PROBLEM, RECOVERY_GUIDE_VALIDATION_EXAMPLE, 'application/problem+json') }),
        '/d': post({ '409': body(HINTED) }),
      },
      { schemas: { Error: ref('AxError'), AxError: AX_SPEC_ERROR, FieldError: AX_SPEC_FIELD_ERROR } },
      '3.1.0',
    ),
    errors: [],
  },
  {
    name: "a 401's example hint names the operation's real credentials: bearer, an API key by name and place, Basic, OAuth 2.0 (Swagger 2.0 too)",
    document: {
      ...oas3(
        {
          '/bearer': { post: { responses: { '401': body(PROBLEM) } } },
          '/key': { post: { security: [{ key: [] }], responses: { '401': body(PROBLEM) } } },
          '/basic': { post: { security: [{ basic: [] }], responses: { '401': body(PROBLEM) } } },
          '/oauth': { post: { security: [{ oauth: ['orders'] }], responses: { '401': body(PROBLEM) } } },
          '/oauth/token': { post: { security: [], responses: { '200': body({ type: 'object' }), '401': body(PROBLEM) } } },
        },
        {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            key: { type: 'apiKey', in: 'query', name: 'api_key' },
            basic: { type: 'http', scheme: 'basic' },
            oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: { orders: 'Orders' } } } },
          },
        },
      ),
      security: [{ bearer: [] }],
    },
    errors: [
      {
        path: at('/bearer', 'post', '401', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noHint', data: { concept: 'recoveryHint' } },
          { messageId: 'addHint', data: { name: 'recoveryHint', place: '', example: { messageId: 'bearerHint', data: {} } } },
          { concept: 'recoveryHint' },
        ),
      },
      {
        path: at('/key', 'post', '401', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noHint', data: { concept: 'recoveryHint' } },
          {
            messageId: 'addHint',
            data: {
              name: 'recoveryHint',
              place: '',
              example: { messageId: 'apiKeyHint', data: { name: 'api_key', place: { messageId: 'apiKeyInQuery', data: {} } } },
            },
          },
          { concept: 'recoveryHint' },
        ),
      },
      {
        path: at('/basic', 'post', '401', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noHint', data: { concept: 'recoveryHint' } },
          { messageId: 'addHint', data: { name: 'recoveryHint', place: '', example: { messageId: 'basicHint', data: {} } } },
          { concept: 'recoveryHint' },
        ),
      },
      {
        path: at('/oauth', 'post', '401', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noHint', data: { concept: 'recoveryHint' } },
          { messageId: 'addHint', data: { name: 'recoveryHint', place: '', example: { messageId: 'oauthHint', data: {} } } },
          { concept: 'recoveryHint' },
        ),
      },
      {
        path: at('/oauth/token', 'post', '401', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noHint', data: { concept: 'recoveryHint' } },
          { messageId: 'addHint', data: { name: 'recoveryHint', place: '', example: { messageId: 'clientCredentialsHint', data: {} } } },
          { concept: 'recoveryHint' },
        ),
      },
    ],
  },
  {
    name: 'the example hint in the message fits the status (401, 409, 429)',
    document: oas3({ '/a': post({ '401': body(PROBLEM), '409': body(PROBLEM), '429': body(PROBLEM) }) }),
    errors: [
      {
        path: at('/a', 'post', '401', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noHint', data: { concept: 'recoveryHint' } },
          { messageId: 'addHint', data: { name: 'recoveryHint', place: '', example: { messageId: 'credentialsHint', data: {} } } },
          { concept: 'recoveryHint' },
        ),
      },
      {
        path: at('/a', 'post', '409', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noHint', data: { concept: 'recoveryHint' } },
          { messageId: 'addHint', data: { name: 'recoveryHint', place: '', example: { messageId: 'conflictHint', data: {} } } },
          { concept: 'recoveryHint' },
        ),
      },
      {
        path: at('/a', 'post', '429', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noHint', data: { concept: 'recoveryHint' } },
          { messageId: 'addHint', data: { name: 'recoveryHint', place: '', example: { messageId: 'rateLimitedHint', data: {} } } },
          { concept: 'recoveryHint' },
        ),
      },
    ],
  },
  {
    name: 'checks 4xx, 4XX and default; ignores 5xx and 5XX (a server fault is not the request to fix)',
    document: oas3({
      '/a': { get: { responses: { ...ok, '404': body(PROBLEM), '4XX': body(PROBLEM), '500': body(PROBLEM), '5XX': body(PROBLEM), default: body(PROBLEM) } } },
    }),
    errors: [
      {
        path: at('/a', 'get', '404', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noHint', data: { concept: 'recoveryHint' } },
          { messageId: 'addHint', data: { name: 'recoveryHint', place: '', example: { messageId: 'notFoundHint', data: {} } } },
          { concept: 'recoveryHint' },
        ),
      },
      { path: at('/a', 'get', '4XX', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
      { path: at('/a', 'get', 'default', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
    ],
  },
  {
    name: 'allOf: a hint from any branch counts',
    document: oas3(
      { '/a': post({ '400': body({ allOf: [ref('Problem'), { type: 'object', properties: { recovery_hint: string } }] }) }) },
      { schemas: { Problem: PROBLEM } },
    ),
    errors: [],
  },
  {
    name: 'oneOf: fires when a branch lacks the hint',
    document: oas3({ '/a': post({ '400': body({ oneOf: [HINTED, PROBLEM, ref('Problem')] }) }) }, { schemas: { Problem: PROBLEM } }),
    errors: [
      {
        path: at('/a', 'post', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noHint', data: { concept: 'recoveryHint' } },
          { messageId: 'addHint', data: { name: 'recoveryHint', place: '', example: { messageId: 'checkRequestHint', data: {} } } },
          { concept: 'recoveryHint', shapes: { messageId: 'someShapes', data: { count: 2, total: 3 } } },
        ),
      },
    ],
  },
  {
    name: 'a components/responses entry shared by two operations fires once, on the schema it shares',
    document: oas3(
      { '/a': post({ '400': ref('BadRequest', 'responses') }), '/b': { put: { responses: { ...ok, '400': ref('BadRequest', 'responses') } } } },
      { responses: { BadRequest: errorResponse(ref('Problem')) }, schemas: { Problem: PROBLEM } },
    ),
    errors: [{ path: component('schemas', 'Problem'), ...COMPONENT_PROBLEM }],
  },
  {
    name: 'an exempt operation drops out of the count of a shared schema, and the finding goes when every user is exempt',
    document: oas3(
      {
        '/a': post({ '400': body(ref('Problem')), '422': body(ref('Problem')) }),
        '/b': { post: { 'x-ax-exempt': { 'ax-recoverable-suggestion': 'Internal' }, responses: { '201': ok['200'], '400': body(ref('Problem')) } } },
        '/c': { post: { 'x-ax-exempt': { 'ax-recoverable-suggestion': 'Internal' }, responses: { '201': ok['200'], '400': ref('BadRequest', 'responses') } } },
      },
      { responses: { BadRequest: errorResponse(PROBLEM) }, schemas: { Problem: PROBLEM } },
    ),
    errors: [{ path: component('schemas', 'Problem'), ...COMPONENT_PROBLEM }],
  },
  {
    name: 'x-ax-error-suggestion on the response satisfies it',
    document: oas3({ '/a': post({ '403': { 'x-ax-error-suggestion': 'Request the payments:write scope, then retry.', ...errorResponse(PROBLEM) } }) }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: fires on a definition without a hint, passes with one',
    document: swagger2(
      {
        '/a': {
          post: {
            responses: { ...ok, '400': { description: 'Bad', schema: { $ref: '#/definitions/Problem' } }, '409': { description: 'Conflict', schema: HINTED } },
          },
        },
      },
      { definitions: { Problem: PROBLEM } },
    ),
    errors: [{ path: ['definitions', 'Problem'], ...COMPONENT_PROBLEM }],
  },
  {
    name: 'functionOptions replace the aliases and the suggested name',
    document: oas3({ '/a': post({ '400': body({ type: 'object', properties: { remedy: string } }), '422': body(HINTED) }) }),
    functionOptions: { recoveryHint: ['remedy'] },
    errors: [
      {
        path: at('/a', 'post', '422', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noHint', data: { concept: 'recoveryHint' } },
          { messageId: 'addHint', data: { name: 'remedy', place: '', example: { messageId: 'checkRequestHint', data: {} } } },
          { concept: 'recoveryHint' },
        ),
      },
    ],
  },
  {
    name: 'x-ax-exempt silences the operation',
    document: oas3({
      '/a': {
        post: {
          'x-ax-exempt': { 'ax-recoverable-suggestion': 'Webhook receiver; the sender never reads our errors' },
          responses: { ...ok, '400': body(PROBLEM) },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'garbage: no body, a string schema, a dangling $ref, a non-object response and responses: null stay silent',
    document: oas3({
      '/a': post({
        '400': { description: 'No body' },
        '401': body('oops'),
        '402': body(ref('Missing')),
        '403': 'not a response',
        '404': body({ type: 'string' }),
      }),
      '/b': { post: { responses: null } },
    }),
    errors: [],
  },
  {
    name: "Asana's `help` described as how to fix the problem is the hint; Box's `help_url` may be: the finding asks",
    document: oas3({
      '/attachments': post({
        '400': body(
          errorList({
            message: string,
            help: {
              type: 'string',
              description: 'Additional information directing developers to resources on how to address and fix the problem, if available.',
            },
          }),
        ),
      }),
      '/folders': post({
        '400': body({
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: string,
            message: string,
            help_url: { type: 'string', description: 'A URL that links to more information about why this error occurred.' },
          },
        }),
      }),
    }),
    errors: [
      {
        path: at('/folders', 'post', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          'may keep its recovery hint in `help_url`',
          {
            messageId: 'askThenAddHint',
            data: {
              ask: 'If `help_url` is the recovery hint, describe it so; else',
              name: 'recovery_hint',
              place: '',
              example: { messageId: 'checkRequestHint', data: {} },
              concept: 'recoveryHint',
            },
          },
          { concept: 'recoveryHint' },
        ),
      },
    ],
  },
]);

// Fails on 046598f: the example hint depends on the operation's inputs and on the status, so one schema
// without a hint, shared by operations that take different fields (or by a 409 and a 429), is reported once
// per distinct example on the same node: three findings for one defect, each counting only its own users.
test('ax-recoverable-suggestion: a shared schema without a hint is one finding on it, whatever each user’s example hint', async () => {
  const amount = { type: 'object', required: ['amount'], properties: { amount: { type: 'integer', minimum: 1 } } };
  const document = oas3(
    {
      '/a': post({ '400': body(ref('Problem')) }),
      '/b': { put: { requestBody: { content: { 'application/json': { schema: amount } } }, responses: { ...ok, '400': body(ref('Problem')) } } },
      '/c': post({ '409': body(ref('Problem')) }),
    },
    { schemas: { Problem: PROBLEM } },
  );
  const onProblem = (await runRule('ax-recoverable-suggestion', document)).filter(
    result => result.code === 'ax-recoverable-suggestion' && result.path.join('/') === 'components/schemas/Problem',
  );
  expect(onProblem.map(result => result.message.slice(0, result.message.indexOf(':')))).toEqual([usedBy('Problem', 3)]);
});
