import { at, EXAMPLE, oas3, PROBLEM, ref, swagger2, withExample } from './support/documents';
import { testRule } from './support/testRule';

/** What several cases expect the rule to say. */
const UNCATALOGUED_CODE = {
  messageId: 'uncataloguedCode',
  data: { field: "the application/json error example's `code`", code: '"NOT_FOUND"', catalog: 'x-agent-error-codes' },
};
const UNCATALOGUED_CODE_2 = {
  messageId: 'uncataloguedCode',
  data: { field: "the application/json error example's `code`", code: '"B"', catalog: 'x-agent-error-codes' },
};

const CATALOG = 'x-agent-error-codes';
const op = (catalog: unknown, errors: object) => ({ post: { [CATALOG]: catalog, responses: { '201': { description: 'Created' }, ...errors } } });

testRule('ax-recoverable-error-catalog', [
  {
    name: 'fires on an example code the catalog does not list, on the example value',
    document: oas3({
      '/payments': op(['VALIDATION_ERROR'], {
        '400': withExample({ code: 'VALIDATION_ERROR' }, PROBLEM),
        '402': withExample({ code: 'CARD_DECLINED', message: 'x' }, PROBLEM),
      }),
    }),
    errors: [
      {
        path: at('/payments', 'post', '402', ...EXAMPLE, 'code'),
        messageId: 'uncataloguedCode',
        data: { field: "the application/json error example's `code`", code: '"CARD_DECLINED"', catalog: 'x-agent-error-codes' },
      },
    ],
  },
  {
    name: 'the Geodocs specification’s envelope: the code inside the error wrapper; error_code of the AX Spec; type URIs when no code',
    document: oas3({
      '/payments': op(['INVALID_DATE_FORMAT', 'https://api.example.com/errors/validation-error'], {
        '400': withExample({ error: { code: 'INVALID_DATE_FORMAT', message: 'Field start_date must be ISO 8601.' } }, PROBLEM),
        '409': withExample({ error_code: 'INVALID_DATE_RANGE' }, PROBLEM),
        '422': withExample({ type: 'https://api.example.com/errors/validation-error', detail: 'x' }, PROBLEM),
        '500': withExample({ type: 'https://api.example.com/errors/internal-error', code: 'INVALID_DATE_FORMAT' }, PROBLEM),
      }),
    }),
    errors: [
      {
        path: at('/payments', 'post', '409', ...EXAMPLE, 'error_code'),
        messageId: 'uncataloguedCode',
        data: { field: "the application/json error example's `error_code`", code: '"INVALID_DATE_RANGE"', catalog: 'x-agent-error-codes' },
      },
    ],
  },
  {
    name: 'property-level examples of the code are codes the operation shows, through $ref and allOf; an enum is not an example; a type beside a code is not the code',
    document: oas3(
      {
        '/payments': op(['VALIDATION_ERROR'], {
          '400': { description: 'x', content: { 'application/json': { schema: ref('Error') } } },
          '409': {
            description: 'x',
            content: {
              'application/json': {
                schema: { allOf: [ref('Base'), { properties: { code: { type: 'string', examples: ['STATE_CONFLICT', 'VALIDATION_ERROR'] } } }] },
              },
            },
          },
        }),
      },
      {
        schemas: {
          Error: {
            type: 'object',
            properties: {
              type: { type: 'string', example: 'error' },
              code: { type: 'string', enum: ['VALIDATION_ERROR', 'UNLISTED_BUT_ONLY_ALLOWED'], example: 'CARD_DECLINED' },
            },
          },
          Base: { type: 'object', properties: { type: { type: 'string', example: 'error' }, message: { type: 'string' } } },
        },
      },
      '3.1.0',
    ),
    errors: [
      {
        path: at('/payments', 'post', '400', 'content', 'application/json', 'schema'),
        messageId: 'uncataloguedCode',
        data: { field: "the error schema's `code` example", code: '"CARD_DECLINED"', catalog: 'x-agent-error-codes' },
      },
      {
        path: at('/payments', 'post', '409', 'content', 'application/json', 'schema', 'allOf', '1', 'properties', 'code', 'examples', '0'),
        messageId: 'uncataloguedCode',
        data: { field: "the error schema's `code` example", code: '"STATE_CONFLICT"', catalog: 'x-agent-error-codes' },
      },
    ],
  },
  {
    name: 'operations without x-agent-error-codes and success examples are not checked',
    document: oas3({
      '/a': { post: { responses: { '400': withExample({ code: 'ANYTHING' }, PROBLEM) } } },
      '/b': op([], { '201': withExample({ code: 'CREATED' }, PROBLEM) }),
    }),
    errors: [],
  },
  {
    name: 'deprecated entries need a replacement and a removal date; complete ones pass and count as listed',
    document: oas3({
      '/payments': op(
        [
          'VALIDATION_ERROR',
          { code: 'INVALID_AMOUNT_V1', deprecated: true, replacement: 'VALIDATION_ERROR', removal: '2027-06-30' },
          { code: 'OLD_A', deprecated: true },
          { code: 'OLD_B', deprecated: true, replacement: 'VALIDATION_ERROR', removal: 'next year' },
          { code: 'STABLE', deprecated: false },
        ],
        { '400': withExample({ code: 'INVALID_AMOUNT_V1' }, PROBLEM), '409': withExample({ code: 'STABLE' }, PROBLEM) },
      ),
    }),
    errors: [
      {
        path: ['paths', '/payments', 'post', CATALOG, '2'],
        messageId: 'catalogEntry',
        data: {
          catalog: 'x-agent-error-codes',
          what: {
            messageId: 'incompleteDeprecation',
            data: {
              code: '"OLD_A"',
              missing: 'the replacement code and the removal date (YYYY-MM-DD)',
              shape: '{ code: OLD_A, deprecated: true, replacement: NEW_CODE, removal: 2027-06-30 }',
            },
          },
        },
      },
      {
        path: ['paths', '/payments', 'post', CATALOG, '3'],
        messageId: 'catalogEntry',
        data: {
          catalog: 'x-agent-error-codes',
          what: {
            messageId: 'incompleteDeprecation',
            data: {
              code: '"OLD_B"',
              missing: 'the removal date (YYYY-MM-DD)',
              shape: '{ code: OLD_B, deprecated: true, replacement: NEW_CODE, removal: 2027-06-30 }',
            },
          },
        },
      },
    ],
  },
  {
    name: 'malformed catalogs: not a list, entries that are not codes',
    document: oas3({ '/a': op('VALIDATION_ERROR', {}), '/b': op([42, { deprecated: true }, null], {}) }),
    errors: [
      {
        path: ['paths', '/a', 'post', CATALOG],
        messageId: 'notAList',
        data: { catalog: 'x-agent-error-codes', value: 'the string "VALIDATION_ERROR"' },
      },
      {
        path: ['paths', '/b', 'post', CATALOG, '0'],
        messageId: 'catalogEntry',
        data: {
          catalog: 'x-agent-error-codes',
          what: {
            messageId: 'notACode',
            data: { number: 1, value: 'the number 42', shape: '{ code: OLD_CODE, deprecated: true, replacement: NEW_CODE, removal: 2027-06-30 }' },
          },
        },
      },
      {
        path: ['paths', '/b', 'post', CATALOG, '1'],
        messageId: 'catalogEntry',
        data: {
          catalog: 'x-agent-error-codes',
          what: {
            messageId: 'notACode',
            data: { number: 2, value: 'an object', shape: '{ code: OLD_CODE, deprecated: true, replacement: NEW_CODE, removal: 2027-06-30 }' },
          },
        },
      },
      {
        path: ['paths', '/b', 'post', CATALOG, '2'],
        messageId: 'catalogEntry',
        data: {
          catalog: 'x-agent-error-codes',
          what: {
            messageId: 'notACode',
            data: { number: 3, value: 'null', shape: '{ code: OLD_CODE, deprecated: true, replacement: NEW_CODE, removal: 2027-06-30 }' },
          },
        },
      },
    ],
  },
  {
    name: 'a components/responses entry shared by two operations fires on each operation; named and $ref examples',
    document: oas3(
      {
        '/a': op(['A'], { '404': ref('NotFound', 'responses') }),
        '/b': op(['B'], { '404': ref('NotFound', 'responses') }),
        '/c': op(['C'], {
          '400': { description: 'x', content: { 'application/json': { examples: { one: { value: { code: 'C' } }, two: ref('Two', 'examples') } } } },
        }),
      },
      { responses: { NotFound: withExample({ code: 'NOT_FOUND' }, PROBLEM) }, examples: { Two: { value: { code: 'D' } } } },
    ),
    errors: [
      { path: at('/a', 'post', '404'), ...UNCATALOGUED_CODE },
      { path: at('/b', 'post', '404'), ...UNCATALOGUED_CODE },
      {
        path: at('/c', 'post', '400'),
        messageId: 'uncataloguedCode',
        data: { field: "the application/json error example's `code`", code: '"D"', catalog: 'x-agent-error-codes' },
      },
    ],
  },
  {
    name: 'schema examples through allOf (top-level example) and OpenAPI 3.1 examples arrays',
    document: oas3(
      {
        '/a': op(['A'], {
          '400': { description: 'x', content: { 'application/json': { schema: { allOf: [PROBLEM], examples: [{ code: 'A' }, { code: 'B' }] } } } },
        }),
      },
      {},
      '3.1.0',
    ),
    errors: [{ path: at('/a', 'post', '400', 'content', 'application/json', 'schema', 'examples', '1', 'code'), ...UNCATALOGUED_CODE_2 }],
  },
  {
    name: 'option errorCode replaces the names',
    document: oas3({ '/a': op(['A'], { '400': withExample({ code: 'B', reason: 'A' }, PROBLEM), '409': withExample({ reason: 'C' }, PROBLEM) }) }),
    functionOptions: { errorCode: ['reason'] },
    errors: [
      {
        path: at('/a', 'post', '409', ...EXAMPLE, 'reason'),
        messageId: 'uncataloguedCode',
        data: { field: "the application/json error example's `reason`", code: '"C"', catalog: 'x-agent-error-codes' },
      },
    ],
  },
  {
    name: 'Swagger 2.0',
    document: swagger2({ '/a': op(['A'], { '400': { description: 'x', schema: PROBLEM, examples: { 'application/json': { code: 'B' } } } }) }),
    errors: [{ path: at('/a', 'post', '400', 'examples', 'application/json', 'code'), ...UNCATALOGUED_CODE_2 }],
  },
  {
    name: 'x-ax-exempt silences the rule for that operation',
    document: oas3({
      '/a': {
        post: {
          'x-ax-exempt': { 'ax-recoverable-error-catalog': 'Codes come from the upstream card network' },
          [CATALOG]: ['A'],
          responses: { '400': withExample({ code: 'B' }, PROBLEM) },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'garbage: a code that is a number, examples null, a dangling example $ref, responses null',
    document: oas3({
      '/a': op(['A'], {
        '400': withExample({ code: 400 }, PROBLEM),
        '401': { description: 'x', content: { 'application/json': { examples: { a: ref('Missing', 'examples'), b: null } } } },
      }),
      '/b': { post: { [CATALOG]: ['A'], responses: null } },
    }),
    errors: [],
  },
]);
