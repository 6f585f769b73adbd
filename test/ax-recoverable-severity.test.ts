import { at, body, EXAMPLE, JSON_SCHEMA, oas3, ref, swagger2, withExample } from './support/documents';
import { testRule } from './support/testRule';
import { component } from './support/components';
import { getWith as get } from './support/documents';

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
        messageId: 'schemaAllows',
        data: {
          holder: 'the error schema',
          name: 'severity',
          value: 'the string "low"',
          vocabulary: { messageId: 'severityLadder', data: {} },
          allowed: '`info`, `warning`, `error`, `fatal`',
          guess: '',
        },
      },
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'severity', 'enum', '1'),
        messageId: 'schemaAllows',
        data: {
          holder: 'the error schema',
          name: 'severity',
          value: 'the string "warn"',
          vocabulary: { messageId: 'severityLadder', data: {} },
          allowed: '`info`, `warning`, `error`, `fatal`',
          guess: { messageId: 'probably', data: { word: 'warning' } },
        },
      },
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'category', 'const'),
        messageId: 'schemaAllows',
        data: {
          holder: 'the error schema',
          name: 'category',
          value: 'the string "billing"',
          vocabulary: { messageId: 'errorCategories', data: {} },
          allowed: '`validation`, `auth`, `rate_limit`, `state`, `dependency`, `internal`',
          guess: '',
        },
      },
      {
        path: at('/a', 'get', '500', ...EXAMPLE, 'severity'),
        messageId: 'exampleIs',
        data: {
          holder: 'the application/json error example',
          name: 'severity',
          value: 'the string "critical"',
          vocabulary: { messageId: 'severityLadder', data: {} },
          allowed: '`info`, `warning`, `error`, `fatal`',
          guess: '',
        },
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
        messageId: 'schemaAllows',
        data: {
          holder: 'the error schema',
          name: 'severity',
          value: 'the string "FATAL"',
          vocabulary: { messageId: 'severityLadder', data: {} },
          allowed: '`info`, `warning`, `error`, `fatal`',
          guess: { messageId: 'probably', data: { word: 'fatal' } },
        },
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
        messageId: 'schemaAllows',
        data: {
          holder: 'the error schema',
          name: 'severity',
          value: 'the string "blocker"',
          vocabulary: { messageId: 'severityLadder', data: {} },
          allowed: '`info`, `warning`, `error`, `fatal`',
          guess: '',
        },
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
        messageId: 'exampleIs',
        data: {
          holder: 'the application/json error example',
          name: 'severity',
          value: 'the string "panic"',
          vocabulary: { messageId: 'severityLadder', data: {} },
          allowed: '`info`, `warning`, `error`, `fatal`',
          guess: '',
        },
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
        messageId: 'schemaAllows',
        data: {
          holder: 'the error schema',
          name: 'severity',
          value: 'the string "critical"',
          vocabulary: { messageId: 'severityLadder', data: {} },
          allowed: '`info`, `warning`, `error`, `fatal`',
          guess: '',
        },
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
        messageId: 'exampleIs',
        data: {
          holder: 'the application/json error example',
          name: 'kind',
          value: 'the string "billing"',
          vocabulary: { messageId: 'errorCategories', data: {} },
          allowed: '`payments`',
          guess: '',
        },
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
        messageId: 'schemaAllows',
        data: {
          holder: 'the error schema',
          name: 'severity',
          value: 'the string "notice"',
          vocabulary: { messageId: 'severityLadder', data: {} },
          allowed: '`info`, `warning`, `error`, `fatal`',
          guess: '',
        },
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
        messageId: 'schemaAllows',
        data: {
          holder: 'the error schema',
          name: 'category',
          value: 'the string "network"',
          vocabulary: { messageId: 'errorCategories', data: {} },
          allowed: '`validation`, `auth`, `rate_limit`, `state`, `dependency`, `internal`',
          guess: '',
        },
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
      {
        path: at('/a', 'get', '403', ...EXAMPLE, 'severity'),
        messageId: 'exampleIs',
        data: {
          holder: 'the application/json error example',
          name: 'severity',
          value: 'null',
          vocabulary: { messageId: 'severityLadder', data: {} },
          allowed: '`info`, `warning`, `error`, `fatal`',
          guess: '',
        },
      },
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
        messageId: 'exampleIs',
        data: {
          holder: 'the application/json error example',
          name: 'category',
          value: 'the string "billing"',
          vocabulary: { messageId: 'errorCategories', data: {} },
          allowed: '`validation`, `auth`, `rate_limit`, `state`, `dependency`, `internal`',
          guess: '',
        },
      },
    ],
  },
]);
