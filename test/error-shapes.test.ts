/**
 * lib/errors/value-shapes.ts read over plain JSON values (the runtime guard's entry point), and the shapes the
 * fixtures do not show: Swagger 2.0, allOf/oneOf compositions, headers, reason phrases, applied fixes.
 */
import { describeErrorValue } from '../lib/errors/value-shapes';
import { at, body, JSON_SCHEMA, oas3, ref, swagger2 } from './support/documents';
import { convention, LANE, type Convention } from './support/conventions';
import { runRule, testRule } from './support/testRule';

const string = { type: 'string' };
const FASTAPI_ITEM = { type: 'object', required: ['loc', 'msg', 'type'], properties: { loc: { type: 'array', items: string }, msg: string, type: string } };

describe('describeErrorValue: what a JSON error body carries', () => {
  test.each([
    [
      'FastAPI',
      { detail: [{ loc: ['body', 'quantity'], msg: 'Input should be greater than 0', type: 'greater_than' }] },
      { errorCode: 'detail[].type', message: 'detail[].msg', fields: ['detail[].loc'] },
    ],
    [
      'ASP.NET Core',
      {
        type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
        title: 'One or more validation errors occurred.',
        status: 400,
        errors: { Quantity: ['must be > 0'] },
        traceId: '00-abc-01',
      },
      { errorCode: 'type', message: 'title', correlationId: 'traceId', fields: ['errors.Quantity'] },
    ],
    [
      'JSON:API',
      { errors: [{ code: 'too_small', title: 'Too small', source: { pointer: '/data/attributes/quantity' } }] },
      { errorCode: 'errors[].code', message: 'errors[].title', fields: ['errors[].source.pointer'] },
    ],
    [
      'GraphQL-style',
      { errors: [{ message: 'Quantity too small', path: ['quantity'], extensions: { code: 'BAD_USER_INPUT' } }] },
      { errorCode: 'errors[].extensions.code', message: 'errors[].message', fields: ['errors[].path'] },
    ],
    [
      'Berlin Group',
      { tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'instructedAmount.amount', text: 'Amount invalid' }] },
      { errorCode: 'tppMessages[].code', message: 'tppMessages[].text', fields: ['tppMessages[].path'] },
    ],
    [
      'Google AIP-193',
      {
        error: {
          code: 400,
          message: 'Invalid quantity',
          status: 'INVALID_ARGUMENT',
          details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'quantity', description: 'must be > 0' }] }],
        },
      },
      { errorCode: 'error.status', message: 'error.message', fields: ['error.details[].fieldViolations[].field'] },
    ],
    [
      'Microsoft',
      {
        error: {
          code: 'BadArgument',
          message: 'Invalid quantity',
          target: 'quantity',
          details: [{ code: 'TooSmall', message: 'must be > 0', target: 'quantity' }],
        },
      },
      { errorCode: 'error.code', message: 'error.message', fields: ['error.target', 'error.details[].target'] },
    ],
    [
      'Stripe',
      { error: { type: 'invalid_request_error', code: 'parameter_invalid_integer', message: 'Invalid integer', param: 'amount' } },
      { errorCode: 'error.code', message: 'error.message', fields: ['error.param'] },
    ],
    ['OAuth 2.0', { error: 'invalid_grant', error_description: 'The code has expired' }, { errorCode: 'error', message: 'error_description', fields: [] }],
    [
      'Spring Boot',
      {
        timestamp: '2024-01-01T00:00:00Z',
        status: 404,
        error: 'Not Found',
        message: 'No order 42',
        path: '/orders/42',
        trace: 'java.lang.IllegalStateException\n\tat com.example.Orders.get(Orders.java:42)',
      },
      { message: 'message', stackTrace: 'trace', fields: [] },
    ],
  ])('%s', (_name, value, expected) => {
    const found = describeErrorValue(value);
    const paths = Object.fromEntries(
      Object.entries(found)
        .filter(([key]) => key !== 'fields')
        .map(([key, member]) => [key, (member as { path: string }).path]),
    );
    expect({ ...paths, fields: found.fields.map(field => field.path) }).toEqual(expected);
  });

  test('a reason phrase in `error` is no code; an identifier is', () => {
    expect(describeErrorValue({ error: 'Bad Request' }).errorCode).toBeUndefined();
    expect(describeErrorValue({ error: 'invalid_scope' }).errorCode).toEqual({ path: 'error', value: 'invalid_scope' });
  });

  test('odd values answer nothing, never throw', () => {
    for (const value of [null, 'text', 42, [], [1, 2], { errors: 'x' }, { detail: [1] }, { error: null }])
      expect(describeErrorValue(value)).toEqual({ fields: [] });
  });
});

testRule('ax-recoverable-error-structure', [
  {
    name: 'Swagger 2.0 FastAPI-style detail[] list through definitions, and an OAuth 2.0 error whose only hint is its error_description sibling',
    document: swagger2(
      {
        '/a': {
          post: {
            responses: { '200': { description: 'OK' }, '422': { description: 'Validation Error', schema: { $ref: '#/definitions/HTTPValidationError' } } },
          },
        },
        '/token': {
          post: {
            responses: {
              '200': { description: 'OK' },
              '400': {
                description: 'Bad',
                schema: { type: 'object', required: ['error', 'error_description'], properties: { error: string, error_description: string } },
              },
            },
          },
        },
      },
      {
        definitions: {
          HTTPValidationError: { type: 'object', properties: { detail: { type: 'array', items: { $ref: '#/definitions/ValidationError' } } } },
          ValidationError: FASTAPI_ITEM,
        },
      },
    ),
    errors: [],
  },
  {
    name: "a string `error` without identifier values or error_description is a reason phrase (Spring Boot, the AX spec's bad payload), not a code",
    document: oas3({
      '/a': {
        get: {
          responses: {
            '404': body({ type: 'object', required: ['error', 'message'], properties: { error: { type: 'string', example: 'Not Found' }, message: string } }),
          },
        },
      },
    }),
    errors: [
      {
        path: at('/a', 'get', '404', ...JSON_SCHEMA),
        message:
          'GET /a 404: the error schema has no code (`error` is the HTTP status). Add a required `code` (e.g. "NOT_FOUND"); your error handler must then send it.',
      },
    ],
  },
  {
    name: 'allOf error items and a oneOf of two list shapes: every item shape must require both',
    document: oas3(
      {
        '/a': {
          get: {
            responses: {
              '400': body({
                type: 'object',
                properties: { errors: { type: 'array', items: { allOf: [ref('Coded'), { required: ['message'], properties: { message: string } }] } } },
              }),
            },
          },
        },
        '/b': {
          get: {
            responses: {
              '400': body({
                oneOf: [
                  {
                    type: 'object',
                    properties: { errors: { type: 'array', items: { required: ['code', 'title'], properties: { code: string, title: string } } } },
                  },
                  { type: 'object', properties: { errors: { type: 'array', items: { properties: { code: string, title: string } } } } },
                ],
              }),
            },
          },
        },
      },
      { schemas: { Coded: { type: 'object', required: ['code'], properties: { code: string } } } },
      '3.1.0',
    ),
    errors: [
      {
        path: at('/b', 'get', '400', ...JSON_SCHEMA),
        message:
          'GET /b 400: the error schema does not require `code` or `title` in its `errors[]` items in 1 of its 2 oneOf/anyOf shapes. Require `code` and `title` in the `errors[]` items; your error handler must then send them.',
      },
    ],
  },
]);

testRule('ax-recoverable-trace-id', [
  {
    name: 'a correlation-id response header (any case) satisfies it; a body without one and no header fires',
    document: oas3({
      '/a': { get: { responses: { '500': { ...body({ type: 'object', properties: { code: string } }), headers: { 'x-request-id': { schema: string } } } } } },
      '/b': { get: { responses: { '500': { ...body({ type: 'object', properties: { code: string } }), headers: { traceparent: { schema: string } } } } } },
      '/c': {
        get: { responses: { '500': { ...body({ type: 'object', properties: { errorCode: string } }), headers: { 'X-RateLimit-Limit': { schema: string } } } } },
      },
    }),
    errors: [
      {
        path: at('/c', 'get', '500', ...JSON_SCHEMA),
        message: 'GET /c 500: the error schema has no correlation id. Add `traceId` (string) or an `X-Request-ID` header, for the agent to quote.',
      },
    ],
  },
]);

testRule('ax-recoverable-field-details', [
  {
    name: "several aliases: an invalid `details` does not hide a valid `errors` map; Google's Any details without fieldViolations fire",
    document: oas3({
      '/a': {
        post: {
          responses: {
            '400': body({
              type: 'object',
              properties: { details: string, errors: { type: 'object', additionalProperties: { type: 'array', items: string } } },
            }),
          },
        },
      },
      '/b': {
        post: {
          responses: {
            '400': body({
              type: 'object',
              properties: {
                error: {
                  type: 'object',
                  properties: {
                    code: { type: 'integer' },
                    message: string,
                    details: { type: 'array', items: { type: 'object', properties: { '@type': string }, additionalProperties: true } },
                  },
                },
              },
            }),
          },
        },
      },
    }),
    errors: [
      {
        path: at('/b', 'post', '400', ...JSON_SCHEMA),
        message:
          "POST /b 400: the error schema declares `error.details` but its items have neither a field locator nor a reason. Add `field` (the input's JSON Pointer) and `message` (the reason) to the items of `error.details`.",
      },
    ],
  },
]);

describe('every fix works: applying it clears the finding and wakes no other rule of the lane', () => {
  const RULES = [
    'ax-recoverable-error-structure',
    'ax-recoverable-field-details',
    'ax-recoverable-suggestion',
    'ax-recoverable-retryable-flag',
    'ax-envelope-refresh-url',
    'ax-envelope-state',
  ] as const;
  const all = async (document: object) =>
    (await Promise.all(RULES.map(rule => runRule(rule, document)))).flat().map(result => `${result.code}: ${result.message}`);
  const items = (extra: object) => ({
    type: 'object',
    properties: { detail: { type: 'array', items: { ...FASTAPI_ITEM, properties: { ...FASTAPI_ITEM.properties, ...extra } } } },
  });
  const doc = (schema: object) =>
    oas3({
      '/orders/{id}': {
        get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }], responses: { '422': body(schema) } },
      },
    });

  test('FastAPI: the hint and the retry flag, added where the messages say, silence the lane', async () => {
    const before = await all(doc(items({})));
    expect(before).toEqual([
      'ax-recoverable-suggestion: GET /orders/{id} 422: the error schema has no recovery hint. Add `recoveryHint` to the `detail[]` items, e.g. "Set `id` to an integer of at least 1".',
      'ax-recoverable-retryable-flag: GET /orders/{id} 422: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
    ]);
    const fixed = doc({ ...items({ recoveryHint: string }), properties: { ...items({ recoveryHint: string }).properties, retryable: { type: 'boolean' } } });
    expect(await all(fixed)).toEqual([]);
  });

  test('a plain 422: field details and a state field are two readings, and either fix silences both rules', async () => {
    const plain = {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: string, message: string, hint: string, retryable: { type: 'boolean' } },
    };
    expect(await all(doc(plain))).toEqual([
      'ax-recoverable-field-details: GET /orders/{id} 422: the error schema names no failed input field. Add `details`: an array of { field, message }, one per invalid field.',
    ]);
    const withDetails = {
      ...plain,
      properties: { ...plain.properties, details: { type: 'array', items: { type: 'object', properties: { field: string, message: string } } } },
    };
    expect(await all(doc(withDetails))).toEqual([]);
    const withState = {
      ...plain,
      properties: { ...plain.properties, currentState: string, allowedActions: { type: 'array', items: string }, refreshUrl: string },
    };
    expect(await all(doc(withState))).toEqual([]);
  });
});

testRule('ax-recoverable-field-details', [
  {
    name: 'Google AIP-193 with the BadRequest detail declared: `error.details[].fieldViolations[]{field, description}` names the field',
    document: oas3({
      '/a': {
        post: {
          responses: {
            '400': body({
              type: 'object',
              properties: {
                error: {
                  type: 'object',
                  properties: {
                    code: { type: 'integer' },
                    message: string,
                    status: string,
                    details: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          '@type': string,
                          fieldViolations: { type: 'array', items: { type: 'object', properties: { field: string, description: string } } },
                        },
                      },
                    },
                  },
                },
              },
            }),
          },
        },
      },
    }),
    errors: [],
  },
]);

testRule('ax-recoverable-field-details', [
  {
    name: "App Store Connect's JSON:API `source` is oneOf { pointer } | { parameter }: each shape locates the field",
    document: oas3(
      { '/a': { patch: { responses: { '409': body(ref('ErrorResponse')), '400': body(ref('ErrorResponse')) } } } },
      {
        schemas: {
          ErrorResponse: {
            type: 'object',
            properties: {
              errors: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['status', 'code', 'title', 'detail'],
                  properties: {
                    status: string,
                    code: string,
                    title: string,
                    detail: string,
                    source: { oneOf: [ref('ErrorSourcePointer'), ref('ErrorSourceParameter')] },
                  },
                },
              },
            },
          },
          ErrorSourcePointer: { type: 'object', required: ['pointer'], properties: { pointer: string } },
          ErrorSourceParameter: { type: 'object', required: ['parameter'], properties: { parameter: string } },
        },
      },
    ),
    errors: [],
  },
]);

describe('fixes on the convention fixtures: each clears its finding and wakes nothing new in the lane', () => {
  const findings = async (yaml: string) =>
    (await Promise.all(LANE.map(rule => runRule(rule, yaml)))).flat().map(result => `${result.code} ${result.path.join('/')}`);

  test.each([
    ['jsonapi', 'ax-recoverable-error-structure', '    Error:\n      type: object\n', '    Error:\n      type: object\n      required: [code, detail]\n'],
    [
      'spring-boot',
      'ax-recoverable-error-structure',
      '      properties:\n        timestamp:',
      '      required: [code, message]\n      properties:\n        code: { type: string }\n        timestamp:',
    ],
    ['spring-boot', 'ax-recoverable-no-stack-traces', '        trace: { type: string }\n', ''],
    [
      'graphql-style',
      'ax-recoverable-trace-id',
      '      required: [errors]\n      properties:\n',
      '      required: [errors]\n      properties:\n        trace_id: { type: string }\n',
    ],
    [
      'google-aip193',
      'ax-recoverable-retryable-flag',
      '        message: { type: string }\n',
      '        message: { type: string }\n        retryable: { type: boolean }\n',
    ],
  ] as [Convention, (typeof LANE)[number], string, string][])('%s: the %s fix', async (name, rule, before, after) => {
    const original = convention(name);
    expect(original).toContain(before);
    const was = await findings(original);
    const now = await findings(original.replace(before, after));
    expect(was.some(finding => finding.startsWith(`${rule} `))).toBe(true);
    expect(now.filter(finding => finding.startsWith(`${rule} `))).toEqual([]);
    expect(now.filter(finding => !was.includes(finding))).toEqual([]);
  });
});

test('a member is found in any letter case, in a small object (scanned) and past the 16 keys of a large one (looked up)', () => {
  const filler = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${i}`, i]));
  for (const body of [
    { Code: 'AMOUNT_NEGATIVE', Message: 'Amount is negative.' },
    { ...filler, Code: 'AMOUNT_NEGATIVE', Message: 'Amount is negative.' },
  ]) {
    const { errorCode, message } = describeErrorValue(body);
    expect([errorCode, message]).toEqual([
      { path: 'Code', value: 'AMOUNT_NEGATIVE' },
      { path: 'Message', value: 'Amount is negative.' },
    ]);
  }
});
