import { at, body, JSON_SCHEMA, oas3, ref, swagger2 } from './support/documents';
import {
  errorResponse,
  AX_SPEC_ERROR,
  AX_SPEC_FIELD_ERROR,
  GEODOCS_ENVELOPE,
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
const SCHEMA_PROBLEM = schemaProblem('has no correlation id', 'Add `trace_id` (string) or an `X-Request-ID` header, for the agent to quote.', {
  concept: 'correlationId',
});
const COMPONENT_PROBLEM = componentProblem('has no correlation id', 'Add `trace_id` (string) or an `X-Request-ID` header, for the agent to quote.', {
  concept: 'correlationId',
});

const string = { type: 'string' };
const PROBLEM = { type: 'object', required: ['code', 'message'], properties: { code: string, message: string } };
const TRACED = { type: 'object', properties: { code: string, requestId: string } };

testRule('ax-recoverable-trace-id', [
  {
    name: 'fires on the Agent Recovery guide’s wrong 500 (a stack, no trace id), on the inline schema',
    document: oas3({
      '/invoices': { post: { responses: { '201': { description: 'Created' }, '500': errorResponse(STACK_TRACE_500, STACK_TRACE_500_EXAMPLE) } } },
    }),
    errors: [{ path: at('/invoices', 'post', '500', ...JSON_SCHEMA), ...SCHEMA_PROBLEM }],
  },
  {
    name: 'fires on the AX Spec’s Error schema when it serves a 5xx, on the schema, naming its one user',
    document: oas3({ '/a': get({ '502': body(ref('Error')) }) }, { schemas: { Error: AX_SPEC_ERROR, FieldError: AX_SPEC_FIELD_ERROR } }),
    errors: [{ path: component('schemas', 'Error'), ...COMPONENT_PROBLEM }],
  },
  {
    name: 'stays silent on the Agent Recovery guide’s right 500 (trace_id), the Geodocs specification’s error.request_id, RFC 9457 `instance`',
    document: oas3(
      {
        '/a': get({ '500': errorResponse(ref('Problem'), RECOVERY_GUIDE_INTERNAL_EXAMPLE, 'application/problem+json') }),
        '/b': get({ '503': body(GEODOCS_ENVELOPE) }),
        '/c': get({ default: body({ type: 'object', properties: { type: string, instance: string } }, 'application/problem+json') }),
      },
      { schemas: { Problem: RECOVERY_GUIDE_PROBLEM } },
      '3.1.0',
    ),
    errors: [],
  },
  {
    name: "a correlation-id response header counts, in any case: Berlin Group's X-Request-ID, Azure's x-ms-request-id (a $ref to components/headers), W3C traceparent; another header does not",
    document: oas3(
      {
        '/a': get({ '500': { ...body(PROBLEM), headers: { 'x-request-id': { schema: string } } } }),
        '/b': get({ default: { ...body(PROBLEM), headers: { 'x-ms-request-id': ref('RequestId', 'headers') } } }),
        '/c': get({ '503': { ...body(PROBLEM), headers: { traceparent: { schema: string } } } }),
        '/d': get({ '502': { ...body(PROBLEM), headers: { 'X-RateLimit-Remaining': { schema: string } } } }),
      },
      { headers: { RequestId: { description: 'The request id, for support.', schema: string } } },
    ),
    errors: [{ path: at('/d', 'get', '502', ...JSON_SCHEMA), ...SCHEMA_PROBLEM }],
  },
  {
    name: 'checks 5xx, 5XX and default; ignores 4xx and 4XX',
    document: oas3({ '/a': get({ '400': body(PROBLEM), '4XX': body(PROBLEM), '503': body(PROBLEM), '5XX': body(PROBLEM), default: body(PROBLEM) }) }),
    errors: [
      { path: at('/a', 'get', '503', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
      { path: at('/a', 'get', '5XX', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
      { path: at('/a', 'get', 'default', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
    ],
  },
  {
    name: 'allOf: an id from any branch counts; oneOf: a branch without it fires',
    document: oas3(
      {
        '/a': get({
          '500': body({ allOf: [ref('Problem'), { properties: { correlation_id: string } }] }),
          '503': body({ oneOf: [TRACED, ref('Problem'), PROBLEM] }),
        }),
      },
      { schemas: { Problem: PROBLEM } },
    ),
    errors: [
      {
        path: at('/a', 'get', '503', ...JSON_SCHEMA),
        ...schemaProblem('has no correlation id', 'Add `trace_id` (string) or an `X-Request-ID` header, for the agent to quote.', {
          concept: 'correlationId',
          shapes: { messageId: 'someShapes', data: { count: 2, total: 3 } },
        }),
      },
    ],
  },
  {
    name: 'a components/responses entry shared by two operations fires once, on the schema it shares',
    document: oas3(
      { '/a': get({ default: ref('Unexpected', 'responses') }), '/b': { put: { responses: { ...ok, default: ref('Unexpected', 'responses') } } } },
      { responses: { Unexpected: errorResponse(ref('Problem')) }, schemas: { Problem: PROBLEM } },
    ),
    errors: [{ path: component('schemas', 'Problem'), ...COMPONENT_PROBLEM }],
  },
  {
    name: 'a shared schema counts only its users without a correlation-id header, and not the exempt ones',
    document: oas3(
      {
        '/a': get({ '500': body(ref('Problem')), '503': body(ref('Problem')) }),
        '/b': get({ '500': { ...body(ref('Problem')), headers: { 'X-Request-ID': { schema: string } } } }),
        '/c': {
          get: { 'x-ax-exempt': { 'ax-recoverable-trace-id': 'Static CDN file; no server log to look up' }, responses: { ...ok, '500': body(ref('Problem')) } },
        },
        '/d': {
          get: { 'x-ax-exempt': { 'ax-recoverable-trace-id': 'Static CDN file; no server log to look up' }, responses: { ...ok, '500': body(ref('Other')) } },
        },
      },
      { schemas: { Problem: PROBLEM, Other: PROBLEM } },
    ),
    errors: [{ path: component('schemas', 'Problem'), ...COMPONENT_PROBLEM }],
  },
  {
    name: 'Swagger 2.0: a definition used once fires on it, naming its user',
    document: swagger2(
      {
        '/a': {
          get: {
            responses: { ...ok, '500': { description: 'Err', schema: { $ref: '#/definitions/Problem' } }, '503': { description: 'Down', schema: TRACED } },
          },
        },
      },
      { definitions: { Problem: PROBLEM } },
    ),
    // The document's other schemas write camelCase (`requestId`): the new member follows them.
    errors: [
      {
        path: ['definitions', 'Problem'],
        ...componentProblem('has no correlation id', 'Add `traceId` (string) or an `X-Request-ID` header, for the agent to quote.', {
          concept: 'correlationId',
        }),
      },
    ],
  },
  {
    name: 'functionOptions replace the aliases and the suggested name',
    document: oas3({ '/a': get({ '500': body({ type: 'object', properties: { incident: string } }), '503': body(TRACED) }) }),
    functionOptions: { correlationId: ['incident'] },
    errors: [
      {
        path: at('/a', 'get', '503', ...JSON_SCHEMA),
        ...schemaProblem('has no correlation id', 'Add `incident` (string) or an `X-Request-ID` header, for the agent to quote.', { concept: 'correlationId' }),
      },
    ],
  },
  {
    name: 'x-ax-exempt silences the operation',
    document: oas3({
      '/a': { get: { 'x-ax-exempt': { 'ax-recoverable-trace-id': 'Static CDN file; no server log to look up' }, responses: { ...ok, '500': body(PROBLEM) } } },
    }),
    errors: [],
  },
  {
    name: 'garbage: no body, a string schema, a dangling $ref, a non-object response and responses: null stay silent',
    document: oas3({
      '/a': get({
        '500': { description: 'No body' },
        '501': body('oops'),
        '502': body(ref('Missing')),
        '503': 'not a response',
        '504': body({ type: 'string' }),
      }),
      '/b': { get: { responses: null } },
    }),
    errors: [],
  },
  {
    name: "Adyen's `pspReference`, Azure's `correlation` map and a bare `id` may be the correlation id: the finding asks; a `correlation` string list is not one",
    document: oas3({
      '/cancels': get({
        '500': body({ type: 'object', required: ['errorCode', 'message'], properties: { errorCode: string, message: string, pspReference: string } }),
      }),
      '/runs': get({
        default: body({
          type: 'object',
          properties: {
            error: { type: 'object', properties: { code: string, message: string, correlation: { type: 'object', additionalProperties: string } } },
          },
        }),
      }),
      '/branches': get({ default: body({ type: 'object', required: ['id', 'code', 'message'], properties: { id: string, code: string, message: string } }) }),
      '/tags': get({
        '500': body({
          type: 'object',
          required: ['code', 'message'],
          properties: { code: string, message: string, correlation: { type: 'array', items: string } },
        }),
      }),
    }),
    errors: [
      {
        path: at('/cancels', 'get', '500', ...JSON_SCHEMA),
        ...schemaProblem(
          'may keep its correlation id in `pspReference`',
          'If `pspReference` is the correlation id, describe it so; else add `traceId` (string) or an `X-Request-ID` header, for the agent to quote.',
          { concept: 'correlationId' },
        ),
      },
      {
        path: at('/runs', 'get', 'default', ...JSON_SCHEMA),
        ...schemaProblem(
          'may keep its correlation id in `correlation` in its `error` object',
          'If `correlation` is the correlation id, describe it so; else add `traceId` (string) to the `error` object or an `X-Request-ID` header, for the agent to quote.',
          { concept: 'correlationId' },
        ),
      },
      {
        path: at('/branches', 'get', 'default', ...JSON_SCHEMA),
        ...schemaProblem(
          'may keep its correlation id in `id`',
          'If `id` is the correlation id, describe it so; else add `traceId` (string) or an `X-Request-ID` header, for the agent to quote.',
          { concept: 'correlationId' },
        ),
      },
      {
        path: at('/tags', 'get', '500', ...JSON_SCHEMA),
        ...schemaProblem('has no correlation id', 'Add `traceId` (string) or an `X-Request-ID` header, for the agent to quote.', { concept: 'correlationId' }),
      },
    ],
  },
  {
    name: "a body that is one object and nothing else wraps its error there (Just Eat's `{ fault: { faultId, traceId } }`): its `traceId` counts",
    document: oas3({
      '/search': get({
        '503': body({
          type: 'object',
          properties: {
            fault: {
              type: 'object',
              required: ['faultId'],
              properties: { faultId: string, traceId: { type: 'string', description: 'A value that helps identify the trace back to logs' } },
            },
          },
        }),
      }),
    }),
    errors: [],
  },
]);
