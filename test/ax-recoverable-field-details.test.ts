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
import { testRule } from './support/testRule';
import { component, schemaAt, usedBy } from './support/components';

const NO_FIELD_FIX = 'Add `details`: an array of { field, message }, one per invalid field.';
const noField = (where: string, scope = '') => `${schemaAt(where)} names no failed input field${scope}. ${NO_FIELD_FIX}`;
const LOCATOR = "`field` (the input's JSON Pointer)";
const REASON = '`message` (the reason)';
const EXPECTED = '`allowed_values` (what the input must be, e.g. ["USD", "EUR"])';
const makeArray = (_name: string) => 'Make it an array of { field, message } or a map of field to messages.';
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
      { path: at('/payments', 'post', '400', ...JSON_SCHEMA), message: noField('POST /payments 400') },
      { path: at('/payments', 'post', '422', ...JSON_SCHEMA), message: noField('POST /payments 422') },
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
      { path: at('/c', 'post', '400', ...JSON_SCHEMA), message: noField('POST /c 400') },
      { path: at('/d', 'post', '400', ...JSON_SCHEMA), message: noField('POST /d 400') },
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
    errors: [{ path: ['paths', '/b', 'post', 'responses', '400', 'schema'], message: noField('POST /b 400') }],
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
        message: `POST /a 400: the error schema declares \`details\` but its items have no field locator. Add ${LOCATOR} to the items of \`details\`.`,
      },
      {
        path: at('/a', 'post', '422', ...JSON_SCHEMA),
        message: `POST /a 422: the error schema declares \`violations\` but its items have no reason. Add ${REASON} to the items of \`violations\`.`,
      },
      {
        path: at('/b', 'post', '400', ...JSON_SCHEMA),
        message: `POST /b 400: the error schema declares \`errors\` but its items have neither a field locator nor a reason. Add ${LOCATOR} and ${REASON} to the items of \`errors\`.`,
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
        message: `POST /a 400: the error schema declares \`details\` as string, not as a list of field errors. ${makeArray('details')}`,
      },
      {
        path: at('/a', 'post', '422', ...JSON_SCHEMA),
        message: `POST /a 422: the error schema declares \`errors\` without an object \`items\` schema. ${makeArray('errors')}`,
      },
      {
        path: at('/b', 'post', '400', ...JSON_SCHEMA),
        message: `POST /b 400: the error schema declares \`details\` without an object \`items\` schema. ${makeArray('details')}`,
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
        message: `POST /a 400: the error schema declares \`details\` but its items have no field locator. Add ${LOCATOR} to the items of \`details\`.`,
      },
      { path: at('/templates', 'post', '400', ...JSON_SCHEMA), message: noField('POST /templates 400') },
      {
        path: at('/tokens', 'post', '400', ...JSON_SCHEMA),
        message: `POST /tokens 400: the error schema declares \`fields\` as object, not as a list of field errors. ${makeArray('fields')}`,
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
    errors: [{ path: at('/a', 'post', '400', ...JSON_SCHEMA), message: noField('POST /a 400', ' in 1 of its 2 oneOf/anyOf shapes') }],
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
    errors: [{ path: component('schemas', 'Problem'), message: noField(usedBy('Problem', 2)) }],
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
    errors: [{ path: component('schemas', 'Problem'), message: noField(usedBy('Problem', 2)) }],
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
        message: `${usedBy('Invalid', 'POST /a 400')}: declares \`details\` but its items have no field locator. Add ${LOCATOR} to the items of \`details\`.`,
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
        message: 'POST /a 422: the error schema names no failed input field. Add `problems`: an array of { param, why }, one per invalid field.',
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
        message: `POST /a 422: the error schema declares \`field\` but not what the input must be. Add ${EXPECTED} beside it.`,
      },
      {
        path: at('/c', 'post', '400', ...JSON_SCHEMA),
        message: `POST /c 400: the error schema declares \`detail[]\` items with no expected value. Add ${EXPECTED} to the \`detail[]\` items.`,
      },
      {
        path: at('/c', 'post', '422', ...JSON_SCHEMA),
        message:
          'POST /c 422: the error schema declares `errors` as a map of messages, with no place for what each input must be. Make it an array of { field, message, allowed_values }.',
      },
      {
        path: component('schemas', 'Error'),
        message: `${usedBy('Error', 'POST /a 400')}: declares \`details\` but its items have no expected value. Add ${EXPECTED} to the items of \`details\`.`,
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
        message: 'POST /funds 400: the error schema declares `errors` but its items have no reason. Add `message` (the reason) to the items of `errors`.',
      },
    ],
  },
]);
