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
  STACK_TRACE_500,
  STACK_TRACE_500_EXAMPLE,
} from './support/published-errors';
import { componentProblem, schemaProblem } from './support/said';
import { testRule } from './support/testRule';
import { component } from './support/components';
import { getWith as get, OK as ok } from './support/documents';

/** What several cases expect the rule to say. */
const SCHEMA_PROBLEM = schemaProblem('has no retry flag', 'Add `retryable` (boolean), true when the same call may succeed later.', { concept: 'retryFlag' });
const COMPONENT_PROBLEM = componentProblem('has no retry flag', 'Add `retryable` (boolean), true when the same call may succeed later.', {
  concept: 'retryFlag',
});

const string = { type: 'string' };
const PROBLEM = { type: 'object', required: ['code', 'message'], properties: { code: string, message: string } };
const FLAGGED = { type: 'object', properties: { code: string, retryable: { type: 'boolean' } } };

testRule('ax-recoverable-retryable-flag', [
  {
    name: 'fires on the sources’ bad payloads: {"error": "Bad Request"} and a 500 with a stack',
    document: oas3({
      '/a': get({ '400': errorResponse(BAD_REQUEST_STRING, { error: 'Bad Request' }), '500': errorResponse(STACK_TRACE_500, STACK_TRACE_500_EXAMPLE) }),
    }),
    errors: [
      { path: at('/a', 'get', '400', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
      { path: at('/a', 'get', '500', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
    ],
  },
  {
    name: 'fires on a flag declared with a non-boolean type',
    document: oas3({
      '/a': get({
        '429': body({ type: 'object', properties: { retryable: string } }),
        '503': body({ type: 'object', properties: { is_retriable: { type: ['string', 'integer'] } } }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '429', ...JSON_SCHEMA),
        ...schemaProblem({ messageId: 'notABoolean', data: { name: 'retryable', types: 'string' } }, { messageId: 'makeItBoolean', data: {} }),
      },
      {
        path: at('/a', 'get', '503', ...JSON_SCHEMA),
        ...schemaProblem({ messageId: 'notABoolean', data: { name: 'is_retriable', types: 'string, integer' } }, { messageId: 'makeItBoolean', data: {} }),
      },
    ],
  },
  {
    name: 'a flag behind a $ref is typed through it; an untyped flag is not declared wrong',
    document: oas3(
      {
        '/a': get({
          '400': body({ type: 'object', properties: { isRetryable: ref('Text') } }),
          '409': body({ type: 'object', properties: { retryable: {} } }),
        }),
      },
      { schemas: { Text: string } },
    ),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA),
        ...schemaProblem({ messageId: 'notABoolean', data: { name: 'isRetryable', types: 'string' } }, { messageId: 'makeItBoolean', data: {} }),
      },
    ],
  },
  {
    name: "stays silent on the sources: the AX Spec's `retryable` ($ref), Geodocs' error.retryable (wrapper), the Agent Recovery guide's `is_retriable`",
    document: oas3(
      {
        '/a': get({ '400': errorResponse(ref('Error'), AX_SPEC_EXAMPLE) }),
        '/b': get({ '429': errorResponse(GEODOCS_ENVELOPE, GEODOCS_EXAMPLE) }),
        '/c': get({ '500': errorResponse(RECOVERY_GUIDE_PROBLEM, RECOVERY_GUIDE_INTERNAL_EXAMPLE, 'application/problem+json') }),
      },
      { schemas: { Error: AX_SPEC_ERROR, FieldError: AX_SPEC_FIELD_ERROR } },
      '3.1.0',
    ),
    errors: [],
  },
  {
    name: 'OpenAPI 3.1: a nullable boolean passes',
    document: oas3({ '/a': get({ '400': body({ type: 'object', properties: { retryable: { type: ['boolean', 'null'] } } }) }) }, {}, '3.1.0'),
    errors: [],
  },
  {
    name: 'covers every error status: 4xx, 5xx, 4XX, 5XX, default; ignores 2xx',
    document: oas3({
      '/a': { get: { responses: { '200': body(PROBLEM), '404': body(PROBLEM), '4XX': body(FLAGGED), '5XX': body(PROBLEM), default: body(PROBLEM) } } },
    }),
    errors: [
      { path: at('/a', 'get', '404', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
      { path: at('/a', 'get', '5XX', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
      { path: at('/a', 'get', 'default', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
    ],
  },
  {
    name: 'allOf: a flag from any branch counts; oneOf: a branch without it fires',
    document: oas3(
      {
        '/a': get({
          '400': body({ allOf: [ref('Problem'), { properties: { retryable: { type: 'boolean' } } }] }),
          '409': body({ anyOf: [FLAGGED, ref('Problem')] }),
        }),
      },
      { schemas: { Problem: PROBLEM } },
    ),
    errors: [
      {
        path: at('/a', 'get', '409', ...JSON_SCHEMA),
        ...schemaProblem('has no retry flag', 'Add `retryable` (boolean), true when the same call may succeed later.', {
          concept: 'retryFlag',
          shapes: { messageId: 'someShapes', data: { count: 1, total: 2 } },
        }),
      },
    ],
  },
  {
    name: 'a components/responses entry shared by two operations fires once, on the schema it shares',
    document: oas3(
      {
        '/a': get({ '500': ref('Internal', 'responses') }),
        '/b': { delete: { responses: { '204': { description: 'Gone' }, '500': ref('Internal', 'responses') } } },
      },
      { responses: { Internal: errorResponse(ref('Problem')) }, schemas: { Problem: PROBLEM } },
    ),
    errors: [{ path: component('schemas', 'Problem'), ...COMPONENT_PROBLEM }],
  },
  {
    name: 'a response shared with an inline schema fires on that schema in the component; an exempt operation drops out of the count',
    document: oas3(
      {
        '/a': get({ '500': ref('Internal', 'responses'), '503': ref('Internal', 'responses') }),
        '/b': { get: { 'x-ax-exempt': { 'ax-recoverable-retryable-flag': 'Health probe' }, responses: { ...ok, '500': ref('Internal', 'responses') } } },
        '/c': { get: { 'x-ax-exempt': { 'ax-recoverable-retryable-flag': 'Health probe' }, responses: { ...ok, '500': ref('Lonely', 'responses') } } },
      },
      { responses: { Internal: errorResponse(PROBLEM), Lonely: errorResponse(PROBLEM) } },
    ),
    errors: [{ path: component('responses', 'Internal', ...JSON_SCHEMA), ...COMPONENT_PROBLEM }],
  },
  {
    // Fails on 046598f: the text names the media type where a response offers two JSON bodies, so the one
    // defect of `Problem` is split into "(used by GET /a 400)" and "(used by POST /b 400)" findings on the same node.
    name: 'one schema shared by a response with one JSON body and one with two is one finding on the schema, counting both',
    document: oas3(
      {
        '/a': get({ '400': body(ref('Problem')) }),
        '/b': {
          post: {
            responses: {
              '201': { description: 'Created' },
              '400': { description: 'Bad', content: { 'application/json': { schema: ref('Problem') }, 'application/problem+json': { schema: FLAGGED } } },
            },
          },
        },
      },
      { schemas: { Problem: PROBLEM } },
    ),
    errors: [{ path: component('schemas', 'Problem'), ...COMPONENT_PROBLEM }],
  },
  {
    name: 'Swagger 2.0: a definition used once fires on it, naming its user',
    document: swagger2(
      {
        '/a': {
          get: {
            responses: { ...ok, '400': { description: 'Bad', schema: { $ref: '#/definitions/Problem' } }, '500': { description: 'Err', schema: FLAGGED } },
          },
        },
      },
      { definitions: { Problem: PROBLEM } },
    ),
    errors: [{ path: ['definitions', 'Problem'], ...COMPONENT_PROBLEM }],
  },
  {
    name: 'functionOptions replace the aliases and the suggested name',
    document: oas3({ '/a': get({ '400': body({ type: 'object', properties: { transient: { type: 'boolean' } } }), '500': body(FLAGGED) }) }),
    functionOptions: { retryFlag: ['transient'] },
    errors: [
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA),
        ...schemaProblem('has no retry flag', 'Add `transient` (boolean), true when the same call may succeed later.', { concept: 'retryFlag' }),
      },
    ],
  },
  {
    name: 'x-ax-exempt silences the operation',
    document: oas3({
      '/a': {
        get: { 'x-ax-exempt': { 'ax-recoverable-retryable-flag': 'Read-only status page, always safe to retry' }, responses: { ...ok, '500': body(PROBLEM) } },
      },
    }),
    errors: [],
  },
  {
    name: 'garbage: no body, a string schema, a dangling $ref, a dangling flag $ref and responses: null stay silent',
    document: oas3({
      '/a': get({
        '400': { description: 'No body' },
        '401': body('oops'),
        '402': body(ref('Missing')),
        '403': 'not a response',
        '409': body({ properties: { retryable: ref('Missing') } }),
      }),
      '/b': { get: { responses: null } },
    }),
    errors: [],
  },
]);
