/**
 * Recognition from evidence (lib/errors/concepts.ts through lib/errors/shape-table.ts): a member no name list holds is
 * the concept when its words, type and description make it clear (silence), is asked about when they make
 * it only likely (a finding that names it and carries no edit), and is not the concept when a lookalike
 * (`status: 404`, `retryCount`, `errorCount`, `stackTraceId`). Swagger 2.0, OpenAPI 3.0 and 3.1; `$ref`, `allOf`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { inStyle, recognise, styleOf, words, type Evidence } from '../lib/errors/concepts';
import { inStyleOf } from '../lib/errors/error-wording';
import { planFixes } from '../cli/fixes';
import { lint } from '../cli/lint';
import { at, body, JSON_SCHEMA, oas3, ref, swagger2 } from './support/documents';
import { convention, LANE } from './support/conventions';
import { runRule, testRule } from './support/testRule';
import { component, usedBy } from './support/components';

const string = { type: 'string' };
const integer = { type: 'integer' };
const get = (responses: object) => ({ get: { responses: { '200': { description: 'OK' }, ...responses } } });
const evidence = (name: string, more: Partial<Evidence> = {}): Evidence => ({ name, types: undefined, text: '', values: [], ...more });

describe('words and styles', () => {
  test.each([
    ['detailedErrorCode', ['detailed', 'error', 'code']],
    ['canBeRetried', ['can', 'be', 'retried']],
    ['trace_id', ['trace', 'id']],
    ['X-Request-ID', ['x', 'request', 'id']],
    ['ErrorSummary', ['error', 'summary']],
    ['HTTPStatus', ['http', 'status']],
  ])('%s', (name, expected) => expect(words(name)).toEqual(expected));

  test('styles: one word has none; a new name is written in the API style', () => {
    expect(['errorCode', 'error_code', 'ErrorCode', 'error-code', 'code', 'Code'].map(styleOf)).toEqual([
      'camel',
      'snake',
      'pascal',
      'kebab',
      undefined,
      undefined,
    ]);
    expect(['snake', 'camel', 'pascal', 'kebab'].map(style => inStyle('trace_id', style as never))).toEqual(['trace_id', 'traceId', 'TraceId', 'trace-id']);
  });
});

describe('a new member in the style of its schema, else of the API', () => {
  test.each([
    [['ErrorCode', 'Message'], ['trace_id', 'traceId'], undefined, 'TraceId'],
    [['error_code', 'message'], ['recoveryHint', 'recovery_hint'], 'camel', 'recovery_hint'],
    [['code', 'message'], ['trace_id', 'traceId'], 'camel', 'traceId'],
    [['code', 'message'], ['trace_id', 'traceId'], undefined, 'trace_id'],
    // RFC 9457's lower-case members in a PascalCase API (jellyfin's ProblemDetails): camelCase, not `RecoveryHint`.
    [['type', 'title', 'detail'], ['recoveryHint', 'recovery_hint'], 'pascal', 'recoveryHint'],
    [[], ['retryable'], 'pascal', 'Retryable'],
  ] as const)('%j, %j, API style %s: %s', (existing, names, fallback, expected) => expect(inStyleOf(existing, names, fallback)).toBe(expected));
});

testRule('ax-recoverable-suggestion', [
  {
    name: 'one shared schema reached bare and through an allOf with a snake_case member gets one name, in the API style',
    document: oas3(
      { '/a': get({ '400': body(ref('Error')), '404': body({ allOf: [ref('Error'), { type: 'object', properties: { request_id: string } }] }) }) },
      {
        schemas: {
          Error: { type: 'object', required: ['code', 'message'], properties: { code: string, message: string } },
          Order: { type: 'object', properties: { orderId: string, createdAt: string, totalAmount: integer } },
        },
      },
    ),
    // The bare use is the shared schema's own finding; the allOf is the 404's own schema, fixed in place.
    errors: [
      {
        path: at('/a', 'get', '404', ...JSON_SCHEMA),
        message: 'GET /a 404: the error schema has no recovery hint. Add `recoveryHint`, e.g. "List the collection to find a valid id, then retry".',
      },
      {
        path: component('schemas', 'Error'),
        message:
          usedBy('Error', 'GET /a 400', 2) +
          ': has no recovery hint. Add `recoveryHint`, e.g. "Check the request against this operation\'s parameters, then retry".',
      },
    ],
  },
]);

describe('recognise: clear, likely, or not the concept', () => {
  test.each([
    ['errorCode', evidence('detailedErrorCode', { types: ['integer'], text: 'machine readable error code' }), 'clear'],
    ['errorCode', evidence('errorCode', { types: ['string'] }), 'clear'],
    ['errorCode', evidence('internalCode', { types: ['string'] }), 'likely'],
    ['errorCode', evidence('internalCode', { types: ['string'], values: ['E_TIMEOUT', 'E_QUOTA'] }), 'clear'],
    // A string named for the kind of error is the code (Zettle's `errorType`); of unknown type, or `contentType`, not clearly.
    ['errorCode', evidence('errorType', { types: ['string'] }), 'clear'],
    ['errorCode', evidence('errorType', { types: undefined }), 'likely'],
    ['errorCode', evidence('contentType', { types: ['string'] }), undefined],
    ['errorCode', evidence('statusCode', { types: ['integer'] }), undefined],
    ['errorCode', evidence('httpStatus', { types: ['integer'] }), undefined],
    ['errorCode', evidence('errorCount', { types: ['integer'] }), undefined],
    ['errorCode', evidence('reasonCode', { types: ['integer'], values: [404, 409] }), undefined],
    ['errorCode', evidence('countryCode', { types: ['string'] }), undefined],
    ['errorCode', evidence('error', { types: ['string'] }), 'likely'],
    ['errorCode', evidence('error', { types: ['string'], values: ['Something went wrong'] }), undefined],
    ['message', evidence('errorSummary', { types: ['string'] }), 'clear'],
    ['message', evidence('error', { types: ['string'] }), 'likely'],
    ['message', evidence('error', { types: ['string'], values: ['invalid_grant'] }), undefined],
    ['message', evidence('messages', { types: ['array'] }), undefined],
    ['retryFlag', evidence('canBeRetried', { types: ['string'] }), 'clear'],
    ['retryFlag', evidence('isRetriable', { types: ['boolean'] }), 'clear'],
    ['retryFlag', evidence('transient', { types: ['string'] }), 'likely'],
    ['retryFlag', evidence('transient', { types: ['boolean'] }), 'clear'],
    ['retryFlag', evidence('retryCount', { types: ['integer'] }), undefined],
    ['retryFlag', evidence('retryAfter', { types: ['integer'] }), undefined],
    ['retryDelay', evidence('retryDelaySeconds', { types: ['integer'] }), 'clear'],
    ['retryDelay', evidence('waitSeconds', { types: ['integer'] }), 'likely'],
    ['correlationId', evidence('correlationId', { types: ['string'] }), 'clear'],
    // A trace id documented for distributed tracing is still the handle an operator finds the failure by.
    ['correlationId', evidence('traceId', { types: ['string'], text: 'W3C distributed-tracing id of the request' }), 'clear'],
    ['correlationId', evidence('eventId', { types: ['string'] }), 'likely'],
    ['correlationId', evidence('eventId', { types: ['string'], text: 'Quote it to support' }), 'clear'],
    ['correlationId', evidence('id', { types: ['string'] }), 'likely'],
    ['correlationId', evidence('id', { types: ['string'], values: ['not_found'] }), undefined],
    ['correlationId', evidence('correlation', { types: ['object'] }), 'likely'],
    ['correlationId', evidence('requestId', { types: ['object'] }), undefined],
    ['errorCode', evidence('type_name', { types: ['string'], text: 'The type of error returned', values: ['RequestValidationError'] }), 'clear'],
    ['message', evidence('reason', { types: ['string'], text: 'What happened to cause this error.' }), 'clear'],
    ['message', evidence('errorMessages', { types: ['array'] }), 'likely'],
    ['errorCode', evidence('scimType', { types: ['string'], text: 'Some types of errors will return this per the specification.' }), 'likely'],
    ['errorCode', evidence('scimType', { types: ['string'] }), undefined],
    ['recoveryHint', evidence('help', { types: ['string'], text: 'Resources on how to address and fix the problem.' }), 'clear'],
    ['recoveryHint', evidence('help_url', { types: ['string'] }), 'likely'],
    ['stackTrace', evidence('exceptionStack', { types: ['string'] }), 'clear'],
    ['stackTrace', evidence('stackTraceId', { types: ['string'] }), undefined],
    ['recoveryHint', evidence('remediation', { types: ['string'] }), 'clear'],
    ['recoveryHint', evidence('recommendedAction', { types: ['string'] }), 'likely'],
    ['currentState', evidence('currentStatus', { types: ['string'] }), 'clear'],
    ['currentState', evidence('state', { types: ['string'] }), undefined],
    // A list of the failed inputs (Just Eat), not a list of records (Box's template `fields[]`); a `source` said to be a JSONPath and sending one (HERE).
    ['errorField', evidence('fields', { types: ['array'], itemTypes: ['string'] }), 'clear'],
    ['errorField', evidence('fields', { types: ['array'], itemTypes: ['object'] }), undefined],
    ['errorField', evidence('source', { types: ['string'], text: 'Source of the error, using JSONPath', values: ['$.data.attributes[0].size'] }), 'clear'],
    ['errorField', evidence('source', { types: ['string'], values: ['/data/size'] }), 'likely'],
    ['errorField', evidence('source', { types: ['string'] }), undefined],
    ['errorField', evidence('source', { types: ['string'], text: 'The system that raised the error', values: ['billing'] }), undefined],
  ] as const)('%s: %j is %s', (question, member, expected) => expect(recognise(question, member)).toBe(expected));
});

const API_ERROR = {
  type: 'object',
  required: ['error'],
  properties: {
    error: string,
    errorSummary: string,
    detailedErrorCode: { type: 'integer', description: 'machine readable error code' },
    correlationId: string,
    canBeRetried: string,
  },
};
const FAULT = {
  type: 'object',
  properties: {
    fault: {
      type: 'object',
      properties: {
        errors: { type: 'array', items: { type: 'object', properties: { errorCode: string, message: string } } },
        traceId: string,
        retryCount: integer,
      },
    },
  },
};
const REQUIRED_BOTH = { ...API_ERROR, required: ['detailedErrorCode', 'errorSummary'] };

testRule('ax-recoverable-error-structure', [
  {
    name: 'OpenAPI 3.1, $ref: a described `detailedErrorCode` and an `errorSummary`, both required, are the code and the message',
    document: oas3({ '/a': get({ '500': body(ref('ApiError')) }) }, { schemas: { ApiError: REQUIRED_BOTH } }, '3.1.0'),
    errors: [],
  },
  {
    name: 'Swagger 2.0, allOf: the same members not required are asked to be required, not added beside',
    document: swagger2(
      { '/a': get({ '500': { description: 'Err', schema: { allOf: [{ $ref: '#/definitions/ApiError' }, { type: 'object' }] } } }) },
      {
        definitions: { ApiError: API_ERROR },
      },
    ),
    errors: [
      {
        path: at('/a', 'get', '500', 'schema'),
        message:
          'GET /a 500: the error schema does not require `detailedErrorCode` or `errorSummary`. Require `detailedErrorCode` and `errorSummary` in the schema; your error handler must then send them.',
      },
    ],
  },
  {
    name: 'lookalikes are not the code: an integer `status` (100-599), `statusCode`, `errorCount`',
    document: oas3({
      '/a': get({
        '500': body({
          type: 'object',
          required: ['message'],
          properties: { status: { type: 'integer', minimum: 100, maximum: 599 }, statusCode: integer, errorCount: integer, message: string },
        }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA),
        message: 'GET /a 500: the error schema has no code. Add a required `code` (e.g. "INTERNAL_ERROR"); your error handler must then send it.',
      },
    ],
  },
  {
    name: 'a likely code is asked about, not replaced; its description makes it clear',
    document: oas3({
      '/a': get({
        '500': body({ type: 'object', required: ['internalCode', 'message'], properties: { internalCode: string, message: string } }),
        '503': body({
          type: 'object',
          required: ['internalCode', 'message'],
          properties: { internalCode: { type: 'string', description: 'Error code identifying the failure' }, message: string },
        }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA),
        message:
          'GET /a 500: the error schema may keep its code in `internalCode`. If `internalCode` is the code, describe it so; else add a required `code` (e.g. "INTERNAL_ERROR").',
      },
    ],
  },
  {
    name: 'Swagger 2.0: a `fault` wrapper found by shape although not required, its `errors[]` items judged',
    document: swagger2({ '/a': get({ '400': { description: 'Bad', schema: { $ref: '#/definitions/Fault' } } }) }, { definitions: { Fault: FAULT } }),
    errors: [
      {
        path: ['definitions', 'Fault'],
        message:
          usedBy('Fault', 'GET /a 400') +
          ': does not require `errorCode` or `message` in its `fault.errors[]` items. Require `errorCode` and `message` in the `fault.errors[]` items; your error handler must then send them.',
      },
    ],
  },
]);

testRule('ax-recoverable-retryable-flag', [
  {
    name: 'OpenAPI 3.1: a boolean `canBeRetried` is the flag',
    document: oas3({ '/a': get({ '500': body({ type: 'object', properties: { code: string, canBeRetried: { type: 'boolean' } } }) }) }, {}, '3.1.0'),
    errors: [],
  },
  {
    name: 'Swagger 2.0: a `retryCount` is no flag; the new one goes in the `fault` wrapper',
    document: swagger2({ '/a': get({ '400': { description: 'Bad', schema: { $ref: '#/definitions/Fault' } } }) }, { definitions: { Fault: FAULT } }),
    errors: [
      {
        path: ['definitions', 'Fault'],
        message:
          usedBy('Fault', 'GET /a 400') + ': has no retry flag. Add `retryable` (boolean) to the `fault` object, true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'allOf: a string `transient` is asked about, a boolean one is the flag',
    document: oas3(
      {
        '/a': get({
          '500': body({ allOf: [ref('Base'), { type: 'object', properties: { transient: string } }] }),
          '503': body({ allOf: [ref('Base'), { type: 'object', properties: { transient: { type: 'boolean' } } }] }),
        }),
      },
      { schemas: { Base: { type: 'object', properties: { code: string, message: string } } } },
    ),
    errors: [
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA),
        message:
          'GET /a 500: the error schema may keep its retry flag in `transient`. If `transient` is the retry flag, describe it so; else add `retryable` (boolean), true when the same call may succeed later.',
      },
    ],
  },
]);

testRule('ax-recoverable-trace-id', [
  {
    name: 'Swagger 2.0, allOf: `correlationId` is the correlation id; a `traceId` documented as a distributed-tracing id is one too',
    document: swagger2(
      {
        '/a': get({
          '500': { description: 'Err', schema: { allOf: [{ $ref: '#/definitions/Base' }, { type: 'object', properties: { correlationId: string } }] } },
          '503': {
            description: 'Down',
            schema: { type: 'object', properties: { code: string, traceId: { type: 'string', description: 'W3C trace-context id' } } },
          },
        }),
      },
      { definitions: { Base: { type: 'object', properties: { code: string } } } },
    ),
    errors: [],
  },
  {
    name: 'an `eventId` is asked about; a camelCase API is given `traceId`, never `trace_id`',
    document: oas3(
      { '/a': get({ '500': body(ref('Failure')), '503': body(ref('Outage')) }) },
      {
        schemas: {
          Failure: { type: 'object', properties: { errorCode: string, eventId: string } },
          Outage: { type: 'object', properties: { code: string, message: string } },
          Order: { type: 'object', properties: { orderId: string, createdAt: string } },
        },
      },
    ),
    errors: [
      {
        path: component('schemas', 'Failure'),
        message:
          usedBy('Failure', 'GET /a 500') +
          ': may keep its correlation id in `eventId`. If `eventId` is the correlation id, describe it so; else add `traceId` (string) or an `X-Request-ID` header, for the agent to quote.',
      },
      {
        path: component('schemas', 'Outage'),
        message: usedBy('Outage', 'GET /a 503') + ': has no correlation id. Add `traceId` (string) or an `X-Request-ID` header, for the agent to quote.',
      },
    ],
  },
]);

testRule('ax-recoverable-error-schema', [
  {
    name: 'a bare array of `{errorType, count, errors}` items carries a code-like member: named, not called "no field for a code"',
    document: oas3({
      '/a': get({
        '400': body({ type: 'array', items: { type: 'object', properties: { errorType: string, count: integer, errors: { type: 'array', items: string } } } }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA),
        message:
          'GET /a 400: the application/json error schema is a bare array of error items (with `errorType`), no one code for the failure. An object breaks its clients: ask first if they can take one with a `code` and a `message`, items under `errors`.',
      },
    ],
  },
  {
    name: 'a response without a body is offered the shared body only when this rule accepts it: never an integer enum',
    document: oas3(
      {
        '/a': get({ '404': body(ref('Status')), '500': { description: 'Err' } }),
        '/b': get({ '404': body(ref('Status')) }),
        '/c': get({ '404': { description: 'Missing' } }),
      },
      { schemas: { Status: { type: 'integer', enum: [404] } } },
    ),
    errors: [
      {
        path: at('/a', 'get', '404', ...JSON_SCHEMA),
        message:
          'GET /a 404: the application/json error schema is of type integer, with no field for a code. Retyping breaks its clients: ask if they can take an object schema requiring a `code` and a `message`, else offer that as a second media type (by `Accept`).',
      },
      {
        path: at('/a', 'get', '500'),
        message:
          'GET /a 500: the error response declares no body. Add `content: { application/json: { schema } }`: an object schema requiring a `code` and a `message`.',
      },
      {
        path: at('/b', 'get', '404', ...JSON_SCHEMA),
        message:
          'GET /b 404: the application/json error schema is of type integer, with no field for a code. Retyping breaks its clients: ask if they can take an object schema requiring a `code` and a `message`, else offer that as a second media type (by `Accept`).',
      },
      {
        path: at('/c', 'get', '404'),
        message:
          'GET /c 404: the error response declares no body. Add `content: { application/json: { schema } }`: an object schema requiring a `code` and a `message`.',
      },
    ],
  },
]);

describe('the evidence-names fixture in Swagger 2.0, OpenAPI 3.0 and 3.1: one verdict', () => {
  const messages = async (text: string) =>
    (await Promise.all(LANE.map(rule => runRule(rule, text))))
      .flat()
      .map(result => `${result.code} ${result.message}`)
      .sort();
  const swagger = readFileSync(join(__dirname, 'fixtures', 'conventions', 'evidence-names-swagger2.yaml'), 'utf8');

  test('the Swagger 2.0 variant and the 3.1 variant say what the 3.0 fixture says', async () => {
    const oas30 = await messages(convention('evidence-names'));
    expect(oas30.length).toBeGreaterThan(0);
    expect(await messages(swagger)).toEqual(oas30);
    expect(await messages(convention('evidence-names').replace('openapi: 3.0.3', 'openapi: 3.1.0'))).toEqual(oas30);
  });
});

describe('fix adds no code to a shared error schema that another composes with a code of its own', () => {
  test("SCIM's `scimType` beside a shared `scim_error`: the findings on `scim_error` alone carry no edit either", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'concepts-'));
    const file = join(dir, 'openapi.json');
    const scimType = { type: 'string', description: 'Some types of errors will return this per the specification.' };
    const document = oas3(
      {
        '/Users': get({ '401': body(ref('scim_error')), '400': body({ allOf: [ref('scim_error'), { properties: { scimType } }] }) }),
        '/Groups': get({ '401': body(ref('plain_error')) }),
      },
      {
        schemas: {
          scim_error: { type: 'object', properties: { detail: string, status: string } },
          plain_error: { type: 'object', properties: { detail: string, status: string } },
        },
      },
    );
    writeFileSync(file, JSON.stringify(document));
    const plan = planFixes(await lint(file, undefined, { cwd: dir, edits: true }));
    const codeAdded = plan.edits
      .filter(edit => edit.rules.has('ax-recoverable-error-structure'))
      .filter(edit => Object.keys((edit.update.properties as object | undefined) ?? {}).includes('code'))
      .map(edit => edit.target.join('/'));
    expect(codeAdded).toEqual(['components/schemas/plain_error']);
  });
});

describe('fix on the evidence-names fixture adds no second member for a concept it has', () => {
  test('no `traceId` beside `correlationId`, no `retryable` beside `canBeRetried`, no code or message beside the recognised ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'concepts-'));
    const file = join(dir, 'openapi.yaml');
    writeFileSync(file, convention('evidence-names'));
    const plan = planFixes(await lint(file, undefined, { cwd: dir, edits: true }));
    const ours = plan.edits.filter(edit => [...edit.rules.keys()].some(rule => rule.startsWith('ax-recoverable-')));
    const added = ours.flatMap(edit => Object.keys((edit.update.properties as object | undefined) ?? {}).map(name => `${edit.target.join('/')}: ${name}`));
    const required = ours.flatMap(edit => ((edit.update.required as string[] | undefined) ?? []).map(name => `${edit.target.join('/')}: ${name}`));
    expect(added.sort()).toEqual([
      'components/schemas/ApiError: recoveryHint',
      'components/schemas/FaultEnvelope/properties/fault: retryable',
      'components/schemas/FaultItem: recoveryHint',
    ]);
    expect(required.sort()).toEqual([
      'components/schemas/ApiError: detailedErrorCode',
      'components/schemas/ApiError: errorSummary',
      'components/schemas/FaultItem: errorCode',
      'components/schemas/FaultItem: message',
    ]);
    // The questions asked (a likely member) carry no edit.
    expect(
      plan.left
        .map(diagnostic => String(diagnostic.code))
        .filter(code => LANE.includes(code as never))
        .sort(),
    ).toEqual(expect.arrayContaining(['ax-recoverable-error-structure', 'ax-recoverable-retryable-flag', 'ax-recoverable-trace-id']));
  });
});
