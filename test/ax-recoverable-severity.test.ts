import { at, body, EXAMPLE, JSON_SCHEMA, oas3, ref, swagger2, withExample } from './support/documents';
import { testRule } from './support/testRule';
import { component, usedBy } from './support/components';
import { getWith as get } from './support/documents';

const LADDER = '`info`, `warning`, `error`, `fatal`';
const CATEGORIES = '`validation`, `auth`, `rate_limit`, `state`, `dependency`, `internal`';
const severity = (operation: string, subject: string, value: string, guess = '') =>
  `${operation}: ${subject} ${value}, outside the severity ladder. Use one of ${LADDER}${guess}.`;
const category = (operation: string, subject: string, value: string, guess = '') =>
  `${operation}: ${subject} ${value}, outside the error categories. Use one of ${CATEGORIES}${guess}.`;

// The Geodocs specification’s canonical envelope: a single `error` object with severity and category.
const SOURCE_ENVELOPE = {
  error: {
    code: 'INVALID_DATE_FORMAT',
    message: 'Field start_date must be ISO 8601.',
    field: 'start_date',
    hint: 'Use ISO 8601 in UTC, e.g. 2026-04-29T00:00:00Z.',
    retryable: false,
    severity: 'error',
    category: 'validation',
    request_id: 'req_01J',
  },
};
const SOURCE_SCHEMA = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        severity: { type: 'string', enum: ['info', 'warning', 'error', 'fatal'] },
        category: { type: 'string', enum: ['validation', 'auth', 'rate_limit', 'state', 'dependency', 'internal'] },
      },
    },
  },
};

testRule('ax-recoverable-severity', [
  {
    name: 'the Geodocs specification’s envelope passes as a schema and as an example',
    document: oas3({
      '/a': get({ '400': withExample(SOURCE_ENVELOPE, SOURCE_SCHEMA), '429': withExample({ error: { ...SOURCE_ENVELOPE.error, category: 'rate_limit' } }) }),
    }),
    errors: [],
  },
  {
    name: 'fires on enum, const and example values outside the vocabularies, on the value',
    document: oas3({
      '/a': get({
        '400': body({ type: 'object', properties: { severity: { type: 'string', enum: ['low', 'warn', 'error'] }, category: { const: 'billing' } } }),
        '500': withExample({ severity: 'critical', category: 'internal' }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'severity', 'enum', '0'),
        message: severity('GET /a 400', "the error schema's `severity` allows", 'the string "low"'),
      },
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'severity', 'enum', '1'),
        message: severity('GET /a 400', "the error schema's `severity` allows", 'the string "warn"', ' (here probably `warning`)'),
      },
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'category', 'const'),
        message: category('GET /a 400', "the error schema's `category` allows", 'the string "billing"'),
      },
      {
        path: at('/a', 'get', '500', ...EXAMPLE, 'severity'),
        message: severity('GET /a 500', "the application/json error example's `severity` is", 'the string "critical"'),
      },
    ],
  },
  {
    name: 'looks inside the error wrapper, through $ref, allOf and oneOf branches: a shared value is reported once, on it',
    document: oas3(
      { '/a': get({ '422': body({ allOf: [ref('Base'), { properties: { error: { oneOf: [ref('Inner'), ref('Inner2')] } } }] }) }) },
      {
        schemas: {
          Base: { type: 'object' },
          Inner: { type: 'object', properties: { severity: ref('Severity') } },
          Inner2: { type: 'object', properties: { severity: ref('Severity'), code: { type: 'string' } } },
          Severity: { type: 'string', enum: ['error', 'FATAL'] },
        },
      },
    ),
    errors: [
      {
        path: component('schemas', 'Severity', 'enum', '1'),
        message: severity(usedBy('Severity', 'GET /a 422'), "the error schema's `severity` allows", 'the string "FATAL"', ' (here probably `fatal`)'),
      },
    ],
  },
  {
    name: 'a oneOf with one branch missing severity still checks the branch that declares it',
    document: oas3({
      '/a': get({
        '400': body({
          oneOf: [
            { type: 'object', properties: { code: { type: 'string' } } },
            { type: 'object', properties: { severity: { enum: ['error', 'blocker'] } } },
          ],
        }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'oneOf', '1', 'properties', 'severity', 'enum', '1'),
        message: severity('GET /a 400', "the error schema's `severity` allows", 'the string "blocker"'),
      },
    ],
  },
  {
    name: 'a components/responses entry shared by two operations fires once, on its example',
    document: oas3(
      { '/a': get({ '500': ref('Oops', 'responses') }), '/b': get({ '500': ref('Oops', 'responses') }) },
      { responses: { Oops: withExample({ severity: 'panic' }) } },
    ),
    errors: [
      {
        path: component('responses', 'Oops', ...EXAMPLE, 'severity'),
        message: severity(usedBy('Oops', 2), "the application/json error example's `severity` is", 'the string "panic"'),
      },
    ],
  },
  {
    name: 'a shared schema counts every response that uses it, not the exempt ones; one used only by exempt operations is silent',
    document: oas3(
      {
        '/a': get({ '400': body(ref('Problem')), '422': body(ref('Problem')) }),
        '/b': get({ '500': body(ref('Problem')) }),
        '/c': { get: { 'x-ax-exempt': { 'ax-recoverable-severity': 'Legacy' }, responses: { '400': body(ref('Problem')) } } },
        '/d': { get: { 'x-ax-exempt': { 'ax-recoverable-severity': 'Legacy' }, responses: { '400': body(ref('Other')) } } },
      },
      {
        schemas: {
          Problem: { type: 'object', properties: { code: { type: 'string' }, severity: { type: 'string', enum: ['error', 'critical'] } } },
          Other: { type: 'object', properties: { code: { type: 'string' }, severity: { type: 'string', enum: ['error', 'blocker'] } } },
        },
      },
    ),
    errors: [
      {
        path: component('schemas', 'Problem', 'properties', 'severity', 'enum', '1'),
        message: severity(usedBy('Problem', 3), "the error schema's `severity` allows", 'the string "critical"'),
      },
    ],
  },
  {
    name: 'success responses and fields named otherwise are not checked',
    document: oas3({ '/a': { get: { responses: { '200': withExample({ severity: 'low' }), '400': withExample({ level: 'low', severity_hint: 'x' }) } } } }),
    errors: [],
  },
  {
    name: 'options replace the names and the vocabularies',
    document: oas3({ '/a': get({ '400': withExample({ level: 'minor', severity: 'whatever', kind: 'billing' }) }) }),
    functionOptions: { severity: ['level'], category: ['kind'], severities: ['minor', 'major'], categories: ['payments'] },
    errors: [
      {
        path: at('/a', 'get', '400', ...EXAMPLE, 'kind'),
        message: `GET /a 400: the application/json error example's \`kind\` is the string "billing", outside the error categories. Use one of \`payments\`.`,
      },
    ],
  },
  {
    name: 'Swagger 2.0 and OpenAPI 3.1',
    document: swagger2({
      '/a': {
        get: {
          responses: { '400': { description: 'x', schema: { type: 'object', properties: { severity: { type: 'string', enum: ['warning', 'notice'] } } } } },
        },
      },
    }),
    errors: [
      {
        path: at('/a', 'get', '400', 'schema', 'properties', 'severity', 'enum', '1'),
        message: severity('GET /a 400', "the error schema's `severity` allows", 'the string "notice"'),
      },
    ],
  },
  {
    name: 'OpenAPI 3.1: examples array on the property schema',
    document: oas3(
      { '/a': get({ '400': body({ type: ['object', 'null'], properties: { category: { type: 'string', examples: ['auth', 'network'] } } }) }) },
      {},
      '3.1.0',
    ),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'category', 'examples', '1'),
        message: category('GET /a 400', "the error schema's `category` allows", 'the string "network"'),
      },
    ],
  },
  {
    name: 'x-ax-exempt silences the rule for that operation',
    document: oas3({
      '/a': {
        get: { 'x-ax-exempt': { 'ax-recoverable-severity': 'Legacy severities kept for v1 clients' }, responses: { '400': withExample({ severity: 'low' }) } },
      },
    }),
    errors: [],
  },
  {
    name: 'garbage: a string schema, a dangling $ref, enum null, a severity of null, responses null',
    document: oas3({
      '/a': get({
        '400': body('oops'),
        '401': body(ref('Missing')),
        '402': body({ properties: { severity: { enum: null } } }),
        '403': withExample({ severity: null }),
      }),
      '/b': { get: { responses: null } },
    }),
    errors: [
      { path: at('/a', 'get', '403', ...EXAMPLE, 'severity'), message: severity('GET /a 403', "the application/json error example's `severity` is", 'null') },
    ],
  },
  {
    name: "Berlin Group's `tppMessages[].category` (`ERROR`, `WARNING`) is a severity by another name, not judged as a category (corpus: openbankingproject-ch)",
    document: oas3({
      '/a': get({
        '400': body({
          type: 'object',
          properties: {
            tppMessages: {
              type: 'array',
              items: { type: 'object', properties: { category: { type: 'string', enum: ['ERROR', 'WARNING'] }, code: { type: 'string' } } },
            },
          },
        }),
      }),
    }),
    errors: [],
  },
  {
    name: 'a category outside the vocabulary inside `errors[]` items fires, on the item',
    document: oas3({ '/a': get({ '400': withExample({ errors: [{ code: 'TOO_LONG', category: 'billing' }] }) }) }),
    errors: [
      {
        path: at('/a', 'get', '400', ...EXAMPLE, 'errors', '0', 'category'),
        message: category('GET /a 400', "the application/json error example's `category` is", 'the string "billing"'),
      },
    ],
  },
]);
