import { at, body, errorList, JSON_SCHEMA, oas3, ref, swagger2 } from './support/documents';
import {
  BAD_REQUEST_STRING,
  errorResponse,
  AX_SPEC_ERROR,
  AX_SPEC_EXAMPLE,
  AX_SPEC_FIELD_ERROR,
  GEODOCS_ENVELOPE,
  RECOVERY_GUIDE_PRECONDITION,
  RECOVERY_GUIDE_PROBLEM,
  RECOVERY_GUIDE_VALIDATION_EXAMPLE,
} from './support/published-errors';
import { componentProblem, schemaProblem } from './support/said';
import { testRule } from './support/testRule';
import { component } from './support/components';

/** What several cases expect the rule to say. */
const SCHEMA_PROBLEM = schemaProblem(
  { messageId: 'noFieldDetails', data: { concept: 'fieldLocator' } },
  { messageId: 'addFieldDetails', data: { details: 'details', locator: 'field', reason: 'message' } },
  { concept: 'fieldLocator' },
);
const SCHEMA_PROBLEM_2 = schemaProblem(
  { messageId: 'itemsLack', data: { member: 'details', missing: { messageId: 'noLocator', data: { concept: 'fieldLocator' } } } },
  { messageId: 'addToItems', data: { fixes: "`field` (the input's JSON Pointer)", items: { messageId: 'itemsOf', data: { member: 'details' } } } },
  { concept: 'fieldLocator' },
);
const COMPONENT_PROBLEM = componentProblem(
  { messageId: 'noFieldDetails', data: { concept: 'fieldLocator' } },
  { messageId: 'addFieldDetails', data: { details: 'details', locator: 'field', reason: 'message' } },
  { concept: 'fieldLocator' },
);

const ok = { '201': { description: 'Created' } };
const post = (errors: object) => ({ post: { responses: { ...ok, ...errors } } });
const string = { type: 'string' };
const PROBLEM = { type: 'object', required: ['code', 'message'], properties: { code: string, message: string } };
const withDetails = (items: unknown, name = 'details') => ({ type: 'object', properties: { code: string, message: string, [name]: { type: 'array', items } } });

testRule('ax-recoverable-field-details', [
  {
    name: 'fires on a 400 and a 422 that name no field, on the inline schema',
    document: oas3({ '/payments': post({ '400': errorResponse(BAD_REQUEST_STRING, { error: 'Bad Request' }), '422': body(PROBLEM) }) }),
    errors: [
      { path: at('/payments', 'post', '400', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
      { path: at('/payments', 'post', '422', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
    ],
  },
  {
    name: "Django REST framework's 400 with a code and a message beside its fields, each mapped to its messages (`additionalProperties` of string lists: inline, a `$ref`'d `allOf`, Swagger 2.0) names them; a map of strings or of objects beside a code does not",
    document: oas3(
      {
        '/a': post({ '400': body({ ...PROBLEM, additionalProperties: { type: 'array', items: string } }) }),
        '/b': post({ '400': body({ allOf: [ref('Problem'), { type: 'object', additionalProperties: { $ref: '#/components/schemas/Messages' } }] }) }),
        '/c': post({ '400': body({ ...PROBLEM, additionalProperties: string }) }),
        '/d': post({ '400': body({ ...PROBLEM, additionalProperties: { type: 'array', items: { type: 'object' } } }) }),
      },
      { schemas: { Problem: PROBLEM, Messages: { type: 'array', items: string } } },
    ),
    errors: [
      { path: at('/c', 'post', '400', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
      { path: at('/d', 'post', '400', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
    ],
  },
  {
    name: "Swagger 2.0: Django REST framework's 400 field map beside a code and a message names the fields",
    document: swagger2({
      '/a': {
        post: { responses: { ...ok, '400': { description: 'Bad Request', schema: { ...PROBLEM, additionalProperties: { type: 'array', items: string } } } } },
      },
      '/b': { post: { responses: { ...ok, '400': { description: 'Bad Request', schema: PROBLEM } } } },
    }),
    errors: [{ path: ['paths', '/b', 'post', 'responses', '400', 'schema'], ...SCHEMA_PROBLEM }],
  },
  {
    name: 'reports exactly what the items lack',
    document: oas3({
      '/a': post({
        '400': body(withDetails({ type: 'object', properties: { message: string } })),
        '422': body(withDetails({ type: 'object', properties: { pointer: string, code: string } }, 'violations')),
      }),
      '/b': post({ '400': body(withDetails({ type: 'object', properties: { code: string } }, 'errors')) }),
    }),
    errors: [
      {
        path: at('/a', 'post', '400', ...JSON_SCHEMA),
        ...SCHEMA_PROBLEM_2,
      },
      {
        path: at('/a', 'post', '422', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'itemsLack', data: { member: 'violations', missing: { messageId: 'noReason', data: { concept: 'fieldReason' } } } },
          { messageId: 'addToItems', data: { fixes: '`message` (the reason)', items: { messageId: 'itemsOf', data: { member: 'violations' } } } },
          { concept: 'fieldReason' },
        ),
      },
      {
        path: at('/b', 'post', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          {
            messageId: 'itemsLack',
            data: { member: 'errors', missing: { messageId: 'noLocatorNoReason', data: { concept: ['fieldLocator', 'fieldReason'] } } },
          },
          {
            messageId: 'addToItems',
            data: { fixes: "`field` (the input's JSON Pointer) and `message` (the reason)", items: { messageId: 'itemsOf', data: { member: 'errors' } } },
          },
          { concept: ['fieldLocator', 'fieldReason'] },
        ),
      },
    ],
  },
  {
    name: 'fires when the field-details member is not an array of objects',
    document: oas3({
      '/a': post({
        '400': body({ type: 'object', properties: { code: string, details: string } }),
        '422': body({ type: 'object', properties: { code: string, errors: { type: 'array', items: string } } }),
      }),
      '/b': post({ '400': body({ type: 'object', properties: { code: string, details: { type: 'array' } } }) }),
    }),
    errors: [
      {
        path: at('/a', 'post', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'notAListOfErrors', data: { member: 'details', types: 'string' } },
          { messageId: 'makeItAList', data: { locator: 'field', reason: 'message' } },
        ),
      },
      {
        path: at('/a', 'post', '422', ...JSON_SCHEMA),
        ...schemaProblem({ messageId: 'notAList', data: { member: 'errors' } }, { messageId: 'makeItAList', data: { locator: 'field', reason: 'message' } }),
      },
      {
        path: at('/b', 'post', '400', ...JSON_SCHEMA),
        ...schemaProblem({ messageId: 'notAList', data: { member: 'details' } }, { messageId: 'makeItAList', data: { locator: 'field', reason: 'message' } }),
      },
    ],
  },
  {
    name: "items that locate the field under a name of the API's own, by evidence, pass (benchmark: HERE's `source` JSONPath, Just Eat's `fields: [\"latlong\"]`); a `source` of no such evidence and a list of records do not; an object `fields` that declares no map is told to be one (Docker Hub)",
    document: oas3(
      {
        '/locate': post({
          '400': body(
            withDetails({
              type: 'object',
              properties: {
                message: string,
                source: { type: 'string', description: 'Source of the error, using JSONPath', example: '$.data.attributes[0].size' },
              },
            }),
          ),
        }),
        '/search': post({
          '400': body({
            type: 'object',
            properties: {
              fault: {
                type: 'object',
                properties: {
                  errors: {
                    type: 'array',
                    items: { type: 'object', properties: { errorCode: string, description: string, fields: { type: 'array', items: string } } },
                  },
                },
              },
            },
          }),
        }),
        '/a': post({ '400': body(withDetails({ type: 'object', properties: { message: string, source: string } })) }),
        '/templates': post({
          '400': body({ type: 'object', properties: { displayName: string, fields: { type: 'array', items: { $ref: '#/components/schemas/Field' } } } }),
        }),
        '/tokens': post({ '400': body({ type: 'object', properties: { text: string, fields: { type: 'object', items: string } } }) }),
      },
      { schemas: { Field: { type: 'object', properties: { key: string, description: string } } } },
    ),
    errors: [
      {
        path: at('/a', 'post', '400', ...JSON_SCHEMA),
        ...SCHEMA_PROBLEM_2,
      },
      { path: at('/templates', 'post', '400', ...JSON_SCHEMA), ...SCHEMA_PROBLEM },
      {
        path: at('/tokens', 'post', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'notAListOfErrors', data: { member: 'fields', types: 'object' } },
          { messageId: 'makeItAList', data: { locator: 'field', reason: 'message' } },
        ),
      },
    ],
  },
  {
    name: "stays silent on the sources: the AX Spec's details[field, code, message] via $ref items, Geodocs' single error.field, the Agent Recovery guide's invalid_fields[field, reason]",
    document: oas3(
      {
        '/a': post({ '400': errorResponse(ref('Error'), AX_SPEC_EXAMPLE) }),
        '/b': post({ '400': body(GEODOCS_ENVELOPE) }),
        '/c': post({ '422': errorResponse(RECOVERY_GUIDE_PROBLEM, RECOVERY_GUIDE_VALIDATION_EXAMPLE, 'application/problem+json') }),
      },
      { schemas: { Error: AX_SPEC_ERROR, FieldError: AX_SPEC_FIELD_ERROR } },
      '3.1.0',
    ),
    errors: [],
  },
  {
    name: 'skips a 422 state rejection (the Agent Recovery guide’s precondition pattern, the Agent-UX Envelope’s currentState/allowedActions)',
    document: oas3({
      '/invoices/{id}/send': post({ '422': body(RECOVERY_GUIDE_PRECONDITION, 'application/problem+json') }),
      '/records/{id}/transition': post({ '422': body({ type: 'object', properties: { code: string, allowedActions: { type: 'array', items: string } } }) }),
    }),
    errors: [],
  },
  {
    name: 'checks only 400 and 422, not 404, 4XX or default',
    document: oas3({ '/a': post({ '404': body(PROBLEM), '4XX': body(PROBLEM), default: body(PROBLEM), '409': body(PROBLEM) }) }),
    errors: [],
  },
  {
    name: 'allOf: details from a referenced branch count; details items composed with allOf count',
    document: oas3(
      {
        '/a': post({
          '400': body({ allOf: [ref('Problem'), ref('Validation')] }),
          '422': body(withDetails({ allOf: [{ properties: { field: string } }, { properties: { reason: string } }] }, 'invalid_fields')),
        }),
      },
      {
        schemas: {
          Problem: PROBLEM,
          Validation: { type: 'object', properties: { details: { type: 'array', items: ref('FieldError') } } },
          FieldError: AX_SPEC_FIELD_ERROR,
        },
      },
    ),
    errors: [],
  },
  {
    name: 'oneOf: fires on the branch that names no field',
    document: oas3({ '/a': post({ '400': body({ oneOf: [withDetails(AX_SPEC_FIELD_ERROR), PROBLEM] }) }) }),
    errors: [
      {
        path: at('/a', 'post', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noFieldDetails', data: { concept: 'fieldLocator' } },
          { messageId: 'addFieldDetails', data: { details: 'details', locator: 'field', reason: 'message' } },
          { concept: 'fieldLocator', shapes: { messageId: 'someShapes', data: { count: 1, total: 2 } } },
        ),
      },
    ],
  },
  {
    name: 'a components/responses entry shared by two operations fires once, on the schema it shares, naming both users',
    document: oas3(
      {
        '/a': post({ '400': ref('BadRequest', 'responses') }),
        '/b': { patch: { responses: { '200': { description: 'OK' }, '400': ref('BadRequest', 'responses') } } },
      },
      { responses: { BadRequest: errorResponse(ref('Problem')) }, schemas: { Problem: PROBLEM } },
    ),
    errors: [{ path: component('schemas', 'Problem'), ...COMPONENT_PROBLEM }],
  },
  {
    name: 'an exempt operation is no user of the shared component: it drops out of the count, and when every user is exempt the finding is gone',
    document: oas3(
      {
        '/a': post({ '400': ref('BadRequest', 'responses') }),
        '/b': { patch: { responses: { '200': { description: 'OK' }, '400': ref('BadRequest', 'responses') } } },
        '/c': {
          put: {
            'x-ax-exempt': { 'ax-recoverable-field-details': 'Takes no input fields, only a path id' },
            responses: { ...ok, '400': ref('BadRequest', 'responses') },
          },
        },
        '/d': {
          put: { 'x-ax-exempt': { 'ax-recoverable-field-details': 'Takes no input fields, only a path id' }, responses: { ...ok, '400': body(ref('Other')) } },
        },
      },
      { responses: { BadRequest: errorResponse(ref('Problem')) }, schemas: { Problem: PROBLEM, Other: PROBLEM } },
    ),
    errors: [{ path: component('schemas', 'Problem'), ...COMPONENT_PROBLEM }],
  },
  {
    name: 'Swagger 2.0: follows definitions into the items',
    document: swagger2(
      {
        '/a': { post: { responses: { ...ok, '400': { description: 'Bad', schema: { $ref: '#/definitions/Invalid' } } } } },
        '/b': { post: { responses: { ...ok, '400': { description: 'Bad', schema: { $ref: '#/definitions/Error' } } } } },
      },
      {
        definitions: {
          Invalid: withDetails({ $ref: '#/definitions/Reason' }),
          Reason: { type: 'object', properties: { message: string } },
          Error: withDetails({ $ref: '#/definitions/FieldError' }),
          FieldError: AX_SPEC_FIELD_ERROR,
        },
      },
    ),
    errors: [
      {
        path: ['definitions', 'Invalid'],
        ...componentProblem(
          { messageId: 'itemsLack', data: { member: 'details', missing: { messageId: 'noLocator', data: { concept: 'fieldLocator' } } } },
          { messageId: 'addToItems', data: { fixes: "`field` (the input's JSON Pointer)", items: { messageId: 'itemsOf', data: { member: 'details' } } } },
          { concept: 'fieldLocator' },
        ),
      },
    ],
  },
  {
    name: 'functionOptions replace the aliases and the suggested names',
    document: oas3({
      '/a': post({
        '400': body({ type: 'object', properties: { problems: { type: 'array', items: { type: 'object', properties: { param: string, why: string } } } } }),
        '422': body(withDetails(AX_SPEC_FIELD_ERROR)),
      }),
    }),
    functionOptions: { fieldDetails: ['problems'], fieldLocator: ['param'], fieldReason: ['why'], errorField: ['param'] },
    errors: [
      {
        path: at('/a', 'post', '422', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noFieldDetails', data: { concept: 'fieldLocator' } },
          { messageId: 'addFieldDetails', data: { details: 'problems', locator: 'param', reason: 'why' } },
          { concept: 'fieldLocator' },
        ),
      },
    ],
  },
  {
    name: 'requireExpected (off by default): field-detail items, a single-error locator and a field map must say what the input must be; allowed_values, expected or constraint (through allOf) satisfy it',
    document: oas3(
      {
        '/a': post({
          '400': errorResponse(ref('Error'), AX_SPEC_EXAMPLE),
          '422': body({ type: 'object', properties: { error: { type: 'object', properties: { code: string, message: string, field: string } } } }),
        }),
        '/b': post({
          '400': body(withDetails({ type: 'object', properties: { field: string, message: string, allowed_values: { type: 'array', items: string } } })),
          '422': body(
            withDetails(
              { allOf: [{ type: 'object', properties: { pointer: string, reason: string } }, { properties: { constraint: { type: 'object' } } }] },
              'invalid_fields',
            ),
          ),
        }),
        '/c': post({
          '400': body({
            type: 'object',
            properties: {
              detail: {
                type: 'array',
                items: { type: 'object', required: ['loc', 'msg', 'type'], properties: { loc: { type: 'array', items: string }, msg: string, type: string } },
              },
            },
          }),
          '422': body({ type: 'object', properties: { title: string, errors: { type: 'object', additionalProperties: { type: 'array', items: string } } } }),
        }),
      },
      { schemas: { Error: AX_SPEC_ERROR, FieldError: AX_SPEC_FIELD_ERROR } },
    ),
    functionOptions: { requireExpected: true },
    errors: [
      {
        path: at('/a', 'post', '422', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noExpectedBeside', data: { member: 'field' } },
          { messageId: 'addBeside', data: { fixes: '`allowed_values` (what the input must be, e.g. ["USD", "EUR"])' } },
        ),
      },
      {
        path: at('/c', 'post', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'listLacks', data: { member: '`detail[]` items', missing: { messageId: 'noExpected', data: {} } } },
          {
            messageId: 'addToItems',
            data: {
              fixes: '`allowed_values` (what the input must be, e.g. ["USD", "EUR"])',
              items: { messageId: 'theList', data: { member: '`detail[]` items' } },
            },
          },
        ),
      },
      {
        path: at('/c', 'post', '422', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'messagesOnly', data: { member: 'errors' } },
          { messageId: 'makeItExpectedList', data: { locator: 'field', reason: 'message', expected: 'allowed_values' } },
        ),
      },
      {
        path: component('schemas', 'Error'),
        ...componentProblem(
          { messageId: 'itemsLack', data: { member: 'details', missing: { messageId: 'noExpected', data: {} } } },
          {
            messageId: 'addToItems',
            data: { fixes: '`allowed_values` (what the input must be, e.g. ["USD", "EUR"])', items: { messageId: 'itemsOf', data: { member: 'details' } } },
          },
        ),
      },
    ],
  },
  {
    name: 'without requireExpected the same shapes pass',
    document: oas3(
      {
        '/a': post({
          '400': errorResponse(ref('Error'), AX_SPEC_EXAMPLE),
          '422': body({ type: 'object', properties: { error: { type: 'object', properties: { code: string, message: string, field: string } } } }),
        }),
      },
      { schemas: { Error: AX_SPEC_ERROR, FieldError: AX_SPEC_FIELD_ERROR } },
    ),
    errors: [],
  },
  {
    name: 'x-ax-exempt silences the operation',
    document: oas3({
      '/a': {
        post: { 'x-ax-exempt': { 'ax-recoverable-field-details': 'Takes no input fields, only a path id' }, responses: { ...ok, '400': body(PROBLEM) } },
      },
    }),
    errors: [],
  },
  {
    name: 'garbage: no body, a string schema, a dangling $ref, a dangling details $ref and responses: null stay silent',
    document: oas3({
      '/a': post({ '400': { description: 'No body' }, '422': body('oops') }),
      '/d': post({ '400': body({ properties: { details: ref('Missing') } }) }),
      '/b': post({ '400': body(ref('Missing')), '422': body({ type: 'string' }) }),
      '/c': { post: { responses: null } },
    }),
    errors: [],
  },
  {
    name: "an error list whose items hold the reason under the API's own name (Velo's `errorMessage`) and a `location` names the failed field",
    document: oas3({
      '/payouts': post({
        '400': body(
          errorList({
            errorCode: string,
            errorMessage: { type: 'string', description: 'English language message indicating the nature of the error' },
            location: { type: 'string', description: 'the property or object that caused the error' },
          }),
        ),
      }),
      '/funds': post({ '400': body(withDetails({ type: 'object', properties: { location: string, errorNote: string } }, 'errors')) }),
    }),
    errors: [
      {
        path: at('/funds', 'post', '400', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'itemsLack', data: { member: 'errors', missing: { messageId: 'noReason', data: { concept: 'fieldReason' } } } },
          { messageId: 'addToItems', data: { fixes: '`message` (the reason)', items: { messageId: 'itemsOf', data: { member: 'errors' } } } },
          { concept: 'fieldReason' },
        ),
      },
    ],
  },
]);
