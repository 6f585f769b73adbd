import { at, body, EXAMPLE, JSON_SCHEMA, oas3, ref, swagger2, withExample } from './support/documents';
import { testRule } from './support/testRule';
import { component } from './support/components';
import { getWith as get } from './support/documents';

/** What the rule says of a code off the convention: the field, the codes, the fix; how it read them, and why that convention. */
const offConvention = (
  holder: string,
  codes: string,
  fixes: string,
  verb = 'schemaAllows',
  { convention = 'SCREAMING_SNAKE', why = 'usualConvention', name = 'code' } = {},
) => ({
  messageId: 'fieldFinding',
  data: {
    holder,
    name,
    what: { messageId: 'offConvention', data: { verb: { messageId: verb, data: {} }, codes, convention, why: { messageId: why, data: {} }, fixes } },
  },
});

/** What several cases expect the rule to say. */
const SCHEMA_NOT_FOUND = offConvention('the error schema', '"notFound"', '`NOT_FOUND`');
const EXAMPLE_NOT_FOUND = offConvention('the application/json error example', '"not_found"', '`NOT_FOUND`', 'exampleIs');

const codeEnum = (...codes: string[]) => body({ type: 'object', properties: { code: { type: 'string', enum: codes } } });

testRule('ax-recoverable-code-format', [
  {
    name: 'the AX spec\'s codes and the stable type URIs of "Designing Errors for Agent Recovery" pass',
    document: oas3({
      '/a': get({
        '400': withExample({ error_code: 'INVALID_DATE_RANGE', message: 'start_date must be before end_date' }),
        '422': withExample({ type: 'https://api.example.com/errors/invoice/not-finalized', status: 422 }),
        '409': codeEnum('RESOURCE_NOT_FOUND', 'VALIDATION_ERROR', 'RATE_LIMIT_EXCEEDED', 'CONFLICT'),
        '503': withExample({ type: 'https://api.example.com/errors/service-unavailable', code: 'SERVICE_UNAVAILABLE' }),
        '500': withExample({ type: '/problems/invalid-action', code: 'INTERNAL_ERROR' }),
        default: withExample({ type: 'about:blank', code: 'UNKNOWN' }),
      }),
    }),
    errors: [],
  },
  {
    name: 'prose type URIs fire, on the example value',
    document: oas3({
      '/a': get({
        '422': withExample({ type: 'https://api.example.com/errors/invoice-is-not-in-finalized-state' }),
        '409': withExample({ type: 'https://api.example.com/errors/the-invoice-has-already-been-sent' }),
        '400': withExample({ type: 'https://api.example.com/errors/amount is too large' }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...EXAMPLE, 'type'),
        messageId: 'fieldFinding',
        data: {
          holder: 'the application/json error example',
          name: 'type',
          what: {
            messageId: 'proseUri',
            data: { problem: { messageId: 'containsSpaces', data: { uri: '"https://api.example.com/errors/amount is too large"' } } },
          },
        },
      },
      {
        path: at('/a', 'get', '409', ...EXAMPLE, 'type'),
        messageId: 'fieldFinding',
        data: {
          holder: 'the application/json error example',
          name: 'type',
          what: { messageId: 'proseUri', data: { problem: { messageId: 'tooManyWords', data: { segment: 'the-invoice-has-already-been-sent', count: 6 } } } },
        },
      },
      {
        path: at('/a', 'get', '422', ...EXAMPLE, 'type'),
        messageId: 'fieldFinding',
        data: {
          holder: 'the application/json error example',
          name: 'type',
          what: { messageId: 'proseUri', data: { problem: { messageId: 'tooManyWords', data: { segment: 'invoice-is-not-in-finalized-state', count: 6 } } } },
        },
      },
    ],
  },
  {
    name: 'a 3-word segment with a function word reads as a sentence; a 3-word name does not',
    document: oas3({
      '/a': get({ '400': withExample({ type: '/errors/payment/card-is-expired' }), '402': withExample({ type: '/errors/payment/rate-limit-exceeded' }) }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...EXAMPLE, 'type'),
        messageId: 'fieldFinding',
        data: {
          holder: 'the application/json error example',
          name: 'type',
          what: { messageId: 'proseUri', data: { problem: { messageId: 'aSentence', data: { segment: 'card-is-expired', glue: '"is"' } } } },
        },
      },
    ],
  },
  {
    name: "RFC 9457's own example type (a three-word name with a preposition) passes (corpus: train-travel)",
    document: oas3({ '/a': get({ '400': withExample({ type: 'https://example.com/probs/out-of-credit' }) }) }),
    errors: [],
  },
  {
    name: 'Stripe: a category `type` beside a `code` is not the code; consistent snake_case codes pass (corpus: Stripe)',
    document: oas3({
      '/a': get({
        default: body({
          type: 'object',
          properties: {
            error: {
              type: 'object',
              properties: { type: { type: 'string', enum: ['api_error', 'card_error', 'idempotency_error'] }, code: { type: 'string' } },
            },
          },
        }),
        '402': withExample({ error: { type: 'card_error', code: 'card_declined' } }),
        '400': codeEnum('parameter_missing', 'amount_too_large'),
      }),
    }),
    errors: [],
  },
  {
    name: 'a constant marker (`type: error`) beside a code is not a code; without a code, `type` holds the codes',
    document: oas3(
      {
        '/a': get({
          '400': body({
            type: 'object',
            properties: { type: { type: 'string', const: 'error_response' }, code: { type: 'string', enum: ['CARD_DECLINED', 'INSUFFICIENT_FUNDS'] } },
          }),
          '409': withExample({ type: 'error', code: 'STATE_CONFLICT' }),
          '422': body({ type: 'object', properties: { type: { type: 'string', enum: ['VALIDATION_FAILED', 'invalid-state'] } } }),
        }),
      },
      {},
      '3.1.0',
    ),
    errors: [
      {
        path: at('/a', 'get', '422', ...JSON_SCHEMA, 'properties', 'type', 'enum', '1'),
        ...offConvention('the error schema', '"invalid-state"', '`INVALID_STATE`', 'schemaAllows', { name: 'type' }),
      },
    ],
  },
  {
    name: 'single-word codes fit any convention and do not count towards the majority',
    document: oas3({
      '/a': get({
        '409': withExample({ code: 'conflict' }),
        '410': withExample({ code: 'Gone' }),
        '404': withExample({ code: 'not-found' }),
        '400': codeEnum('VALIDATION_ERROR', 'conflict', 'UNAUTHORIZED', 'forbidden'),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '404', ...EXAMPLE, 'code'),
        ...offConvention('the application/json error example', '"not-found"', '`NOT_FOUND`', 'exampleIs'),
      },
    ],
  },
  {
    name: 'numeric codes, as numbers or strings, get no format advice',
    document: oas3({
      '/a': get({ '400': withExample({ code: '702' }), '401': withExample({ code: 401 }), '402': codeEnum('4.0.2', '0x1F', 'CARD_DECLINED', 'card-expired') }),
    }),
    errors: [
      {
        path: at('/a', 'get', '402', ...JSON_SCHEMA, 'properties', 'code', 'enum', '3'),
        ...offConvention('the error schema', '"card-expired"', '`CARD_EXPIRED`'),
      },
    ],
  },
  {
    // Fails on 046598f: the rule groups an operation's statuses first and notes one response per operation, so
    // three responses (GET /a 400, GET /a 404, GET /b 500) are counted as "2 responses".
    name: 'an enum of codes in a shared schema: one finding on the first offending value, listing the offending values, counting every response',
    document: oas3(
      { '/a': get({ '400': body(ref('Problem')), '404': body(ref('Problem')) }), '/b': get({ '500': body(ref('Problem')) }) },
      {
        schemas: {
          Problem: {
            type: 'object',
            properties: {
              code: {
                type: 'string',
                enum: ['VALIDATION_ERROR', 'INTERNAL_ERROR', 'PAYMENT_REQUIRED', 'notFound', 'rate-limited', 'bad_gateway', 'Service Unavailable'],
              },
            },
          },
        },
      },
    ),
    errors: [
      {
        path: component('schemas', 'Problem', 'properties', 'code', 'enum', '3'),
        messageId: 'fieldFinding',
        data: {
          holder: 'the error schema',
          name: 'code',
          what: {
            messageId: 'offConventionMany',
            data: {
              verb: { messageId: 'schemaAllows', data: {} },
              codes: { messageId: 'andMore', data: { shown: '"notFound", "rate-limited", "bad_gateway"', more: 1 } },
              convention: 'SCREAMING_SNAKE',
              why: { messageId: 'usualConvention', data: {} },
              fixes: { messageId: 'andMore', data: { shown: '`NOT_FOUND`, `RATE_LIMITED`, `BAD_GATEWAY`', more: 1 } },
            },
          },
        },
      },
    ],
  },
  {
    // Fails on 046598f: as above, two responses of one operation are one use, labelled with the first status only.
    name: 'a shared schema used by two responses of one operation names both: it is not used by GET /a 400 alone',
    document: oas3(
      { '/a': get({ '400': body(ref('Problem')), '404': body(ref('Problem')) }) },
      { schemas: { Problem: { type: 'object', properties: { code: { type: 'string', enum: ['VALIDATION_ERROR', 'INTERNAL_ERROR', 'notFound'] } } } } },
    ),
    errors: [
      {
        path: component('schemas', 'Problem', 'properties', 'code', 'enum', '2'),
        ...SCHEMA_NOT_FOUND,
      },
    ],
  },
  {
    name: "codes that follow no convention are held to the AX spec's SCREAMING_SNAKE",
    document: oas3({ '/a': get({ '400': codeEnum('Invalid Amount', 'Card declined') }) }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'code', 'enum', '0'),
        messageId: 'fieldFinding',
        data: {
          holder: 'the error schema',
          name: 'code',
          what: {
            messageId: 'offConventionMany',
            data: {
              verb: { messageId: 'schemaAllows', data: {} },
              codes: '"Invalid Amount", "Card declined"',
              convention: 'SCREAMING_SNAKE',
              why: { messageId: 'axConvention', data: {} },
              fixes: '`INVALID_AMOUNT`, `CARD_DECLINED`',
            },
          },
        },
      },
    ],
  },
  {
    name: 'the majority convention wins across the document; the others fire, enum, property example and response example alike',
    document: oas3({
      '/a': get({
        '400': codeEnum('VALIDATION_ERROR', 'RATE_LIMIT_EXCEEDED', 'INTERNAL_ERROR', 'not-found', 'rateLimited'),
        '409': withExample({ code: 'STATE_CONFLICT' }),
        '422': body({ properties: { code: { type: 'string', example: 'invalid-state' } } }),
      }),
      '/b': get({ '429': withExample({ error: { code: 'too-many-requests' } }) }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'code', 'enum', '3'),
        messageId: 'fieldFinding',
        data: {
          holder: 'the error schema',
          name: 'code',
          what: {
            messageId: 'offConventionMany',
            data: {
              verb: { messageId: 'schemaAllows', data: {} },
              codes: '"not-found", "rateLimited"',
              convention: 'SCREAMING_SNAKE',
              why: { messageId: 'usualConvention', data: {} },
              fixes: '`NOT_FOUND`, `RATE_LIMITED`',
            },
          },
        },
      },
      {
        path: at('/a', 'get', '422', ...JSON_SCHEMA, 'properties', 'code', 'example'),
        ...offConvention('the error schema', '"invalid-state"', '`INVALID_STATE`', 'exampleHas'),
      },
      {
        path: at('/b', 'get', '429', ...EXAMPLE, 'error', 'code'),
        ...offConvention('the application/json error example', '"too-many-requests"', '`TOO_MANY_REQUESTS`', 'exampleIs'),
      },
    ],
  },
  {
    name: 'kebab-case can be the majority',
    document: oas3({ '/a': get({ '400': codeEnum('invalid-amount', 'invalid-currency', 'CARD_DECLINED') }) }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'code', 'enum', '2'),
        ...offConvention('the error schema', '"CARD_DECLINED"', '`card-declined`', 'schemaAllows', { convention: 'kebab-case' }),
      },
    ],
  },
  {
    name: 'so can PascalCase (Microsoft REST guidelines); a tie goes to the convention listed first',
    document: oas3({
      '/a': get({ '400': codeEnum('InvalidArgument', 'ResourceNotFound', 'invalid_range') }),
      '/b': get({ '400': codeEnum('QuotaExceeded', 'INVALID_RANGE') }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'code', 'enum', '2'),
        ...offConvention('the error schema', '"invalid_range"', '`InvalidRange`', 'schemaAllows', { convention: 'PascalCase' }),
      },
      {
        path: at('/b', 'get', '400', ...JSON_SCHEMA, 'properties', 'code', 'enum', '1'),
        ...offConvention('the error schema', '"INVALID_RANGE"', '`InvalidRange`', 'schemaAllows', { convention: 'PascalCase' }),
      },
    ],
  },
  {
    name: 'option convention fixes it; option errorCode replaces the names',
    document: oas3({ '/a': get({ '400': withExample({ reason: 'CARD_DECLINED', code: 'whatever_Else' }) }) }),
    functionOptions: { convention: 'kebab-case', errorCode: ['reason'] },
    errors: [
      {
        path: at('/a', 'get', '400', ...EXAMPLE, 'reason'),
        ...offConvention('the application/json error example', '"CARD_DECLINED"', '`card-declined`', 'exampleIs', {
          convention: 'kebab-case',
          why: 'configuredConvention',
          name: 'reason',
        }),
      },
    ],
  },
  {
    name: '$ref, allOf and a oneOf branch missing the code: codes in a shared schema fire once, on the value',
    document: oas3(
      {
        '/a': get({ '400': body(ref('Problem')) }),
        '/b': get({ '400': body({ oneOf: [ref('Problem'), { type: 'object', properties: { message: { type: 'string' } } }] }) }),
      },
      {
        schemas: {
          Problem: { allOf: [{ type: 'object' }, { properties: { code: { type: 'string', enum: ['VALIDATION_ERROR', 'INTERNAL_ERROR', 'notFound'] } } }] },
        },
      },
    ),
    errors: [
      {
        path: component('schemas', 'Problem', 'allOf', '1', 'properties', 'code', 'enum', '2'),
        ...SCHEMA_NOT_FOUND,
      },
    ],
  },
  {
    name: 'a components/responses entry shared by two operations fires once, on its example',
    document: oas3(
      { '/a': get({ '404': ref('NotFound', 'responses') }), '/b': get({ '404': ref('NotFound', 'responses') }), '/c': get({ '400': codeEnum('A_B', 'C_D') }) },
      { responses: { NotFound: withExample({ code: 'not_found' }) } },
    ),
    errors: [
      {
        path: component('responses', 'NotFound', ...EXAMPLE, 'code'),
        ...EXAMPLE_NOT_FOUND,
      },
    ],
  },
  {
    name: 'an exempt operation drops out of the count of a shared response, and the finding goes when every user is exempt',
    document: oas3(
      {
        '/a': get({ '404': ref('NotFound', 'responses') }),
        '/b': get({ '404': ref('NotFound', 'responses') }),
        '/c': { get: { 'x-ax-exempt': { 'ax-recoverable-code-format': 'Upstream codes' }, responses: { '404': ref('NotFound', 'responses') } } },
        '/d': { get: { 'x-ax-exempt': { 'ax-recoverable-code-format': 'Upstream codes' }, responses: { '409': ref('Conflict', 'responses') } } },
        '/e': get({ '400': codeEnum('A_B', 'C_D') }),
      },
      { responses: { NotFound: withExample({ code: 'not_found' }), Conflict: withExample({ code: 'state-conflict' }) } },
    ),
    errors: [
      {
        path: component('responses', 'NotFound', ...EXAMPLE, 'code'),
        ...EXAMPLE_NOT_FOUND,
      },
    ],
  },
  {
    name: 'Swagger 2.0',
    document: swagger2({
      '/a': { get: { responses: { '400': { description: 'x', schema: { properties: { code: { type: 'string', enum: ['A_B', 'a-b', 'C_D'] } } } } } } },
    }),
    errors: [
      {
        path: at('/a', 'get', '400', 'schema', 'properties', 'code', 'enum', '1'),
        ...offConvention('the error schema', '"a-b"', '`A_B`'),
      },
    ],
  },
  {
    name: 'OpenAPI 3.1: const in oneOf branches',
    document: oas3(
      {
        '/a': get({
          '400': body({
            oneOf: [{ properties: { code: { const: 'A_B' } } }, { properties: { code: { const: 'C_D' } } }, { properties: { code: { const: 'e-f' } } }],
          }),
        }),
      },
      {},
      '3.1.0',
    ),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'oneOf', '2', 'properties', 'code', 'const'),
        ...offConvention('the error schema', '"e-f"', '`E_F`'),
      },
    ],
  },
  {
    name: 'x-ax-exempt silences the rule for that operation',
    document: oas3({
      '/a': {
        get: {
          'x-ax-exempt': { 'ax-recoverable-code-format': 'Codes owned by the upstream card network' },
          responses: { '400': codeEnum('A_B', 'a-b', 'cD') },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'garbage: numeric codes, empty strings, a string schema, a dangling $ref, responses null',
    document: oas3({
      '/a': get({ '400': withExample({ code: 400, type: '' }), '401': body('oops'), '402': body(ref('Missing')) }),
      '/b': { get: { responses: null } },
    }),
    errors: [],
  },
]);
