import { at, body, JSON_SCHEMA, oas3, ref, swagger2 } from './support/documents';
import { testRule } from './support/testRule';

const get = (errors: object) => ({ get: { responses: { '200': { description: 'OK' }, ...errors } } });
const withExample = (example: unknown, schema: unknown = { type: 'object' }) => ({ description: 'Error', content: { 'application/json': { schema, example } } });
const EXAMPLE = ['content', 'application/json', 'example'];
const codeEnum = (...codes: string[]) => body({ type: 'object', properties: { code: { type: 'string', enum: codes } } });
const mixed = (operation: string, subject: string, value: string, actual: string, convention: string, fix: string, configured = false) =>
  `${operation}: ${subject} "${value}" is ${actual}, but ${configured ? 'the configured convention is' : 'most error codes in this document are'} ${convention}. Write it as \`${fix}\`, so that an agent can match codes by one rule.`;
const prose = (operation: string, subject: string, value: string, why: string) =>
  `${operation}: ${subject} "${value}" reads as prose (${why}); agents branch on it and prose drifts. Name the error with short stable segments, e.g. \`https://api.example.com/errors/invoice/not-finalized\`.`;
const SCHEMA_CODE = "the error schema's `code`";
const EXAMPLE_CODE = "the application/json error example's `code`";
const EXAMPLE_TYPE = "the application/json error example's `type`";

testRule('ax-recoverable-code-format', [
  {
    name: "seed 002's codes and seed 004's stable type URIs pass",
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
    name: "seed 004's prose type URIs fire, on the example value",
    document: oas3({
      '/a': get({
        '422': withExample({ type: 'https://api.example.com/errors/invoice-is-not-in-finalized-state' }),
        '409': withExample({ type: 'https://api.example.com/errors/the-invoice-has-already-been-sent' }),
        '400': withExample({ type: 'https://api.example.com/errors/amount is too large' }),
      }),
    }),
    errors: [
      { path: at('/a', 'get', '400', ...EXAMPLE, 'type'), message: prose('GET /a 400', EXAMPLE_TYPE, 'https://api.example.com/errors/amount is too large', 'it contains spaces') },
      { path: at('/a', 'get', '409', ...EXAMPLE, 'type'), message: prose('GET /a 409', EXAMPLE_TYPE, 'https://api.example.com/errors/the-invoice-has-already-been-sent', '`the-invoice-has-already-been-sent` has 6 words') },
      { path: at('/a', 'get', '422', ...EXAMPLE, 'type'), message: prose('GET /a 422', EXAMPLE_TYPE, 'https://api.example.com/errors/invoice-is-not-in-finalized-state', '`invoice-is-not-in-finalized-state` has 6 words') },
    ],
  },
  {
    name: 'a 3-word segment with a function word reads as a sentence; a 3-word name does not',
    document: oas3({ '/a': get({ '400': withExample({ type: '/errors/payment/card-is-expired' }), '402': withExample({ type: '/errors/payment/rate-limit-exceeded' }) }) }),
    errors: [{ path: at('/a', 'get', '400', ...EXAMPLE, 'type'), message: prose('GET /a 400', EXAMPLE_TYPE, '/errors/payment/card-is-expired', '`card-is-expired` is a sentence ("is")') }],
  },
  {
    name: "RFC 9457's own example type (a three-word name with a preposition) passes (corpus: train-travel)",
    document: oas3({ '/a': get({ '400': withExample({ type: 'https://example.com/probs/out-of-credit' }) }) }),
    errors: [],
  },
  {
    name: 'codes that follow neither convention are held to SCREAMING_SNAKE without claiming a majority (corpus: Stripe)',
    document: oas3({ '/a': get({ '400': codeEnum('api_error', 'card_error') }) }),
    errors: [
      { path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'code', 'enum', '0'), message: `GET /a 400: ${SCHEMA_CODE} "api_error" is neither SCREAMING_SNAKE nor kebab-case, but no error code in this document follows one of the two conventions; SCREAMING_SNAKE is seed 002's. Write it as \`API_ERROR\`, so that an agent can match codes by one rule.` },
      { path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'code', 'enum', '1'), message: `GET /a 400: ${SCHEMA_CODE} "card_error" is neither SCREAMING_SNAKE nor kebab-case, but no error code in this document follows one of the two conventions; SCREAMING_SNAKE is seed 002's. Write it as \`CARD_ERROR\`, so that an agent can match codes by one rule.` },
    ],
  },
  {
    name: 'the majority convention wins across the document; the others fire, enum and example alike',
    document: oas3({
      '/a': get({ '400': codeEnum('VALIDATION_ERROR', 'not-found', 'rateLimited'), '409': withExample({ code: 'CONFLICT' }) }),
      '/b': get({ '429': withExample({ error: { code: 'too-many-requests' } }) }),
    }),
    errors: [
      { path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'code', 'enum', '1'), message: mixed('GET /a 400', SCHEMA_CODE, 'not-found', 'kebab-case', 'SCREAMING_SNAKE', 'NOT_FOUND') },
      { path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'code', 'enum', '2'), message: mixed('GET /a 400', SCHEMA_CODE, 'rateLimited', 'neither SCREAMING_SNAKE nor kebab-case', 'SCREAMING_SNAKE', 'RATE_LIMITED') },
      { path: at('/b', 'get', '429', ...EXAMPLE, 'error', 'code'), message: mixed('GET /b 429', EXAMPLE_CODE, 'too-many-requests', 'kebab-case', 'SCREAMING_SNAKE', 'TOO_MANY_REQUESTS') },
    ],
  },
  {
    name: 'kebab-case can be the majority',
    document: oas3({ '/a': get({ '400': codeEnum('invalid-amount', 'invalid-currency', 'CARD_DECLINED') }) }),
    errors: [{ path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'code', 'enum', '2'), message: mixed('GET /a 400', SCHEMA_CODE, 'CARD_DECLINED', 'SCREAMING_SNAKE', 'kebab-case', 'card-declined') }],
  },
  {
    name: 'option convention fixes it; option errorCode replaces the names',
    document: oas3({ '/a': get({ '400': withExample({ reason: 'CARD_DECLINED', code: 'whatever_Else' }) }) }),
    functionOptions: { convention: 'kebab-case', errorCode: ['reason'] },
    errors: [{ path: at('/a', 'get', '400', ...EXAMPLE, 'reason'), message: mixed('GET /a 400', "the application/json error example's `reason`", 'CARD_DECLINED', 'SCREAMING_SNAKE', 'kebab-case', 'card-declined', true) }],
  },
  {
    name: '$ref, allOf and a oneOf branch missing the code: codes in shared schemas fire on each operation',
    document: oas3(
      { '/a': get({ '400': body(ref('Problem')) }), '/b': get({ '400': body({ oneOf: [ref('Problem'), { type: 'object', properties: { message: { type: 'string' } } }] }) }) },
      { schemas: { Problem: { allOf: [{ type: 'object' }, { properties: { code: { type: 'string', enum: ['VALIDATION_ERROR', 'INTERNAL_ERROR', 'notFound'] } } }] } } },
    ),
    errors: [
      { path: at('/a', 'get', '400', ...JSON_SCHEMA), message: mixed('GET /a 400', SCHEMA_CODE, 'notFound', 'neither SCREAMING_SNAKE nor kebab-case', 'SCREAMING_SNAKE', 'NOT_FOUND') },
      { path: at('/b', 'get', '400', ...JSON_SCHEMA), message: mixed('GET /b 400', SCHEMA_CODE, 'notFound', 'neither SCREAMING_SNAKE nor kebab-case', 'SCREAMING_SNAKE', 'NOT_FOUND') },
    ],
  },
  {
    name: 'a components/responses entry shared by two operations fires on each operation',
    document: oas3({ '/a': get({ '404': ref('NotFound', 'responses') }), '/b': get({ '404': ref('NotFound', 'responses') }), '/c': get({ '400': codeEnum('A_B', 'C_D') }) }, { responses: { NotFound: withExample({ code: 'not_found' }) } }),
    errors: [
      { path: at('/a', 'get', '404'), message: mixed('GET /a 404', EXAMPLE_CODE, 'not_found', 'neither SCREAMING_SNAKE nor kebab-case', 'SCREAMING_SNAKE', 'NOT_FOUND') },
      { path: at('/b', 'get', '404'), message: mixed('GET /b 404', EXAMPLE_CODE, 'not_found', 'neither SCREAMING_SNAKE nor kebab-case', 'SCREAMING_SNAKE', 'NOT_FOUND') },
    ],
  },
  {
    name: 'Swagger 2.0 and OpenAPI 3.1 (const)',
    document: swagger2({ '/a': { get: { responses: { '400': { description: 'x', schema: { properties: { code: { type: 'string', enum: ['A_B', 'a-b', 'C_D'] } } } } } } } }),
    errors: [{ path: at('/a', 'get', '400', 'schema', 'properties', 'code', 'enum', '1'), message: mixed('GET /a 400', SCHEMA_CODE, 'a-b', 'kebab-case', 'SCREAMING_SNAKE', 'A_B') }],
  },
  {
    name: 'OpenAPI 3.1: const',
    document: oas3({ '/a': get({ '400': body({ oneOf: [{ properties: { code: { const: 'A_B' } } }, { properties: { code: { const: 'C_D' } } }, { properties: { code: { const: 'e-f' } } }] }) }) }, {}, '3.1.0'),
    errors: [{ path: at('/a', 'get', '400', ...JSON_SCHEMA, 'oneOf', '2', 'properties', 'code', 'const'), message: mixed('GET /a 400', SCHEMA_CODE, 'e-f', 'kebab-case', 'SCREAMING_SNAKE', 'E_F') }],
  },
  {
    name: 'x-ax-exempt silences the rule for that operation',
    document: oas3({ '/a': { get: { 'x-ax-exempt': { 'ax-recoverable-code-format': 'Codes owned by the upstream card network' }, responses: { '400': codeEnum('A_B', 'a-b', 'cD') } } } }),
    errors: [],
  },
  {
    name: 'garbage: numeric codes, empty strings, a string schema, a dangling $ref, responses null',
    document: oas3({ '/a': get({ '400': withExample({ code: 400, type: '' }), '401': body('oops'), '402': body(ref('Missing')) }), '/b': { get: { responses: null } } }),
    errors: [],
  },
]);
