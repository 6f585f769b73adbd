import { at, body, JSON_SCHEMA, oas3, PROBLEM, ref, swagger2 } from './support/documents';
import { runRule, testRule } from './support/testRule';
import { component, usedBy } from './support/components';
import { getWith as get, OK as ok, postWith as post } from './support/documents';

/** What several cases expect the rule to say. */
const NO_BODY_ADD = {
  messageId: 'noBodyAdd',
  data: { content: { messageId: 'contentSchema', data: { mediaType: 'application/json' } }, fix: { messageId: 'codeAndMessage', data: {} }, then: '' },
};
const NO_JSON_ADD = {
  messageId: 'noJsonAdd',
  data: { offered: 'text/plain', fix: { messageId: 'codeAndMessage', data: {} }, mediaType: 'application/json', then: '; your handler must then send it' },
};
const NO_SCHEMA = {
  messageId: 'noSchema',
  data: { mediaType: 'application/json', fix: { messageId: 'schemaFix', data: { fix: { messageId: 'codeAndMessage', data: {} } } }, then: '' },
};
const NOT_AN_OBJECT = {
  messageId: 'notAnObject',
  data: { mediaType: 'application/json', types: 'string', fix: { messageId: 'codeAndMessage', data: {} }, concept: 'errorCode' },
};
const NOT_AN_OBJECT_2 = {
  messageId: 'notAnObject',
  data: { mediaType: 'application/json', types: 'array', fix: { messageId: 'codeAndMessage', data: {} }, concept: 'errorCode' },
};
const NO_SCHEMA_2 = {
  messageId: 'noSchema',
  data: {
    mediaType: 'application/json',
    fix: { messageId: 'schemaFix', data: { fix: { messageId: 'exampleBody', data: { members: 'errors', reading: { messageId: 'lacksCode', data: {} } } } } },
    then: '',
  },
};
const NO_BODY_ADD_2 = {
  messageId: 'noBodyAdd',
  data: {
    content: { messageId: 'swaggerSchema', data: {} },
    fix: { messageId: 'exampleBody', data: { members: 'errors', reading: { messageId: 'lacksCode', data: {} } } },
    then: '',
  },
};
const NO_BODY = {
  messageId: 'noBody',
  data: {
    whose: { messageId: 'sharedBody', data: {} },
    body: "`content: { application/json: { schema: { $ref: '#/components/schemas/Errors' } } }`",
    then: '',
  },
};

const FIX = 'an object schema requiring a `code` and a `message`';
const PROBLEM_FIX = 'the RFC 9457 problem object it documents, requiring `type` (a URI naming the error) and `detail`';
const ASK = 'Retyping breaks its clients: ask if they can take';
const notAnObject = (operation: string, types: string, fix = FIX) =>
  `${operation}: the application/json error schema is of type ${types}, with no field for a code. ${ASK} ${fix}, else offer that as a second media type (by \`Accept\`).`;
/** Orbit's error bodies: an example, no schema. */
const ORBIT_NOT_FOUND = { description: 'Not found', content: { 'application/json': { example: { errors: 'No member matching this identity was found' } } } };
const ORBIT_UNPROCESSABLE = {
  description: 'unprocessable',
  content: { 'application/json': { example: { errors: { base: ['Either identity or member is required'] } } } },
};
const ORBIT = "the body the API's examples send (its 404 and 422 responses), `{ errors }`, plus a required `code`";
const noBody = (operation: string) => `${operation}: the error response declares no body. Add \`content: { application/json: { schema } }\`: ${FIX}.`;

testRule('ax-recoverable-error-schema', [
  {
    name: "a response without a body is told the one the API's other responses of its status declare (by `$ref`); of another status's, only one named for no error in particular (`ProblemDetails`, not `NotFound`)",
    document: oas3(
      {
        '/a': get({ '401': body(ref('ProblemDetails')), '404': body(ref('NotFound')) }),
        '/b': get({ '401': { description: 'Unauthorized' }, '403': { description: 'Forbidden' } }),
      },
      { schemas: { ProblemDetails: PROBLEM, NotFound: PROBLEM } },
    ),
    errors: [
      {
        path: at('/b', 'get', '401'),
        message:
          "GET /b 401: the error response declares no body. Add the one the API's other 401 responses declare, `content: { application/json: { schema: { $ref: '#/components/schemas/ProblemDetails' } } }`.",
      },
      {
        path: at('/b', 'get', '403'),
        message:
          "GET /b 403: the error response declares no body. Add the error schema the API defines, `content: { application/json: { schema: { $ref: '#/components/schemas/ProblemDetails' } } }`.",
      },
    ],
  },
  {
    name: "with no response of its status to copy, the error schema the API's error responses use most (twice or more: Yodlee's `YodleeError`) is offered for a missing body, a missing schema and a text-only body",
    document: oas3(
      {
        '/a': get({ '400': body(ref('YodleeError')), '409': body(ref('YodleeError')), '422': body(ref('Other')) }),
        '/b': get({
          '403': { description: 'Forbidden' },
          '404': { description: 'Missing', content: { 'application/json': { example: { errorCode: 'Y404' } } } },
          '500': body({ type: 'string' }, 'text/plain'),
        }),
      },
      { schemas: { YodleeError: PROBLEM, Other: PROBLEM } },
    ),
    errors: [
      {
        path: at('/b', 'get', '403'),
        messageId: 'noBody',
        data: {
          whose: { messageId: 'sharedBody', data: {} },
          body: "`content: { application/json: { schema: { $ref: '#/components/schemas/YodleeError' } } }`",
          then: '',
        },
      },
      {
        path: at('/b', 'get', '404'),
        message:
          "GET /b 404: the error response's application/json has no schema. Add `schema: { $ref: '#/components/schemas/YodleeError' }`, the one the API's other error responses declare.",
      },
      {
        path: at('/b', 'get', '500'),
        message:
          "GET /b 500: the error response offers only text/plain, no JSON. Add the body `application/json: { schema: { $ref: '#/components/schemas/YodleeError' } }`, the one the API's other error responses declare; your handler must then send it.",
      },
    ],
  },
  {
    name: "a schema of one status only (FastAPI's 422 `HTTPValidationError`) is not offered to another status; a catch-all `*/*` without a schema beside a JSON body that has one is left alone (Jira)",
    document: oas3(
      {
        '/a': get({ '422': body(ref('HTTPValidationError')) }),
        '/b': get({ '422': body(ref('HTTPValidationError')), '404': { description: 'Not Found' } }),
        '/c': get({
          '400': {
            description: 'Returned if the avatar type is invalid',
            content: { 'application/json': { schema: ref('ErrorCollection') }, '*/*': { example: { errorMessages: ['Not found'] } } },
          },
        }),
      },
      {
        schemas: {
          HTTPValidationError: PROBLEM,
          ErrorCollection: { type: 'object', properties: { errorMessages: { type: 'array', items: { type: 'string' } }, errors: { type: 'object' } } },
        },
      },
    ),
    errors: [{ path: at('/b', 'get', '404'), ...NO_BODY_ADD }],
  },
  {
    name: "in Swagger 2.0, the API's other responses' `schema`",
    document: swagger2(
      {
        '/a': { get: { produces: ['application/json'], responses: { ...ok, '404': { description: 'Missing', schema: { $ref: '#/definitions/Error' } } } } },
        '/b': { get: { responses: { ...ok, '404': { description: 'Missing' } } } },
      },
      { definitions: { Error: PROBLEM } },
    ),
    errors: [
      {
        path: at('/b', 'get', '404'),
        messageId: 'noBody',
        data: { whose: { messageId: 'sameStatusBody', data: { status: '404' } }, body: "`schema: { $ref: '#/definitions/Error' }`", then: '' },
      },
    ],
  },
  {
    name: "a response to HEAD owes no body (Vercel's artifact check): silent; a GET beside it fires",
    document: oas3({
      '/artifacts/{hash}': {
        head: { responses: { '200': { description: 'OK' }, '403': { description: 'Forbidden' } } },
        get: { responses: { '200': { description: 'OK' }, '403': { description: 'Forbidden' } } },
      },
    }),
    errors: [{ path: at('/artifacts/{hash}', 'get', '403'), ...NO_BODY_ADD }],
  },
  {
    name: 'a HEAD error offering text/plain, or a string schema, is asked for no JSON body (RFC 9110 §9.3.2); the GET beside it is',
    document: oas3({
      '/things/{id}': {
        head: { responses: { '200': { description: 'OK' }, '404': body({ type: 'string' }, 'text/plain'), '500': body({ type: 'string' }) } },
        get: { responses: { '200': { description: 'OK' }, '404': body({ type: 'string' }, 'text/plain') } },
      },
    }),
    errors: [{ path: at('/things/{id}', 'get', '404'), ...NO_JSON_ADD }],
  },
  {
    name: 'Swagger 2.0: a HEAD 404 that declares a string schema through `$ref` stays silent',
    document: swagger2(
      {
        '/things/{id}': {
          head: {
            produces: ['application/json'],
            responses: { '200': { description: 'OK' }, '404': { description: 'Gone', schema: { $ref: '#/definitions/Text' } } },
          },
        },
      },
      { definitions: { Text: { type: 'string' } } },
    ),
    errors: [],
  },
  {
    name: 'a `default` described as a success is the answer, not the errors: silent; a `default` "Unexpected error" fires',
    document: oas3({
      '/a': { get: { responses: { default: { description: 'Successful operation' } } } },
      '/b': { get: { responses: { default: { description: 'Unexpected error' } } } },
    }),
    errors: [{ path: at('/b', 'get', 'default'), ...NO_BODY_ADD }],
  },
  {
    name: 'Swagger 2.0: a `default` "OK" answering a string `$ref` is no error; lookalike: "Success or failure" is one',
    document: swagger2(
      {
        '/a': { get: { produces: ['text/plain'], responses: { default: { description: 'OK', schema: { $ref: '#/definitions/Text' } } } } },
        '/b': { get: { responses: { default: { description: 'Success or failure' } } } },
      },
      { definitions: { Text: { type: 'string' } } },
    ),
    errors: [
      {
        path: ['paths', '/b', 'get', 'responses', 'default'],
        messageId: 'noBodyAdd',
        data: { content: { messageId: 'swaggerSchema', data: {} }, fix: { messageId: 'codeAndMessage', data: {} }, then: '' },
      },
    ],
  },
  {
    name: "an API whose `info.description` documents RFC 7807 `application/problem+json` errors is told in that convention's terms",
    document: {
      ...(oas3({ '/a': get({ '404': { description: 'Missing' }, '500': body({ type: 'string' }, 'text/plain') }) }) as object),
      info: { title: 'T', version: '1', description: 'Every error is an RFC 7807 `application/problem+json` body.' },
    },
    errors: [
      {
        path: at('/a', 'get', '404'),
        message: `GET /a 404: the error response declares no body. Add \`content: { application/problem+json: { schema } }\`: ${PROBLEM_FIX}.`,
      },
      {
        path: at('/a', 'get', '500'),
        messageId: 'noJsonAdd',
        data: {
          offered: 'text/plain',
          fix: { messageId: 'problemTypeAndDetail', data: {} },
          mediaType: 'application/problem+json',
          then: '; your handler must then send it',
        },
      },
    ],
  },
  {
    name: 'Swagger 2.0: "problem details" in the root `externalDocs`; lookalike: "a problem? contact support" in `info.description` is no convention',
    document: swagger2(
      { '/a': get({ '404': { description: 'Missing' } }) },
      { externalDocs: { url: 'https://example.com', description: 'Errors follow RFC 9457 problem details.' } },
    ),
    errors: [
      {
        path: at('/a', 'get', '404'),
        messageId: 'noBodyAdd',
        data: { content: { messageId: 'swaggerSchema', data: {} }, fix: { messageId: 'problemTypeAndDetail', data: {} }, then: '' },
      },
    ],
  },
  {
    name: 'lookalike: prose that mentions a problem names no convention',
    document: {
      ...(oas3({ '/a': get({ '404': { description: 'Missing' } }) }) as object),
      info: { title: 'T', version: '1', description: 'Have a problem? Contact support.' },
    },
    errors: [{ path: at('/a', 'get', '404'), ...NO_BODY_ADD }],
  },
  {
    name: 'fires on a 400 with no content, on the response',
    document: oas3({ '/payments': get({ '400': { description: 'Bad Request' } }) }),
    errors: [{ path: at('/payments', 'get', '400'), ...NO_BODY_ADD }],
  },
  {
    name: 'covers 4xx, 5xx, 4XX, 5XX and default; ignores 2xx and 3xx',
    document: oas3({
      '/a': {
        get: {
          responses: {
            '200': { description: 'OK' },
            '302': { description: 'Found' },
            '4XX': { description: 'x' },
            '503': { description: 'x' },
            default: { description: 'x' },
          },
        },
      },
    }),
    errors: [
      { path: at('/a', 'get', '503'), ...NO_BODY_ADD },
      { path: at('/a', 'get', '4XX'), ...NO_BODY_ADD },
      { path: at('/a', 'get', 'default'), ...NO_BODY_ADD },
    ],
  },
  {
    name: 'fires on an HTML-only, text-only or XML-only error body (this rule alone reports text/plain, at its own severity)',
    document: oas3({
      '/a': get({
        '500': body({ type: 'string' }, 'text/html'),
        '502': body({ type: 'string' }, 'text/plain'),
        '503': { description: 'x', content: { 'text/plain': { schema: { type: 'string' } }, 'application/xml': { schema: { type: 'object' } } } },
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '500'),
        messageId: 'noJsonAdd',
        data: { offered: 'text/html', fix: { messageId: 'codeAndMessage', data: {} }, mediaType: 'application/json', then: '; your handler must then send it' },
      },
      { path: at('/a', 'get', '502'), ...NO_JSON_ADD },
      {
        path: at('/a', 'get', '503'),
        messageId: 'noJsonAdd',
        data: {
          offered: 'text/plain, application/xml',
          fix: { messageId: 'codeAndMessage', data: {} },
          mediaType: 'application/json',
          then: '; your handler must then send it',
        },
      },
    ],
  },
  {
    name: 'fires on a JSON body without a schema',
    document: oas3({ '/a': get({ '400': { description: 'x', content: { 'application/json': {} } } }) }),
    errors: [{ path: at('/a', 'get', '400'), ...NO_SCHEMA }],
  },
  {
    name: 'fires on a string schema, inline or behind a $ref',
    document: oas3({ '/a': get({ '400': body({ type: 'string' }), '500': body(ref('Text')) }) }, { schemas: { Text: { type: 'string' } } }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA),
        message: notAnObject('GET /a 400', 'string'),
      },
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA),
        ...NOT_AN_OBJECT,
      },
    ],
  },
  {
    name: 'names the code and message members of a bare array of error items (ASP.NET, FluentValidation)',
    document: oas3({
      '/a': get({
        '400': body({
          type: 'array',
          items: { type: 'object', properties: { errorCode: { type: 'string' }, errorMessage: { type: 'string' }, propertyName: { type: 'string' } } },
        }),
        '500': body({ type: 'array', items: { type: 'string' } }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA),
        message:
          'GET /a 400: the application/json error schema is a bare array of error items (with `errorCode` and `errorMessage`), no one code for the failure. An object breaks its clients: ask first if they can take one with a `code` and a `message`, items under `errors`.',
      },
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA),
        ...NOT_AN_OBJECT_2,
      },
    ],
  },
  {
    name: "a bare array of error objects with no code (Storecove's `[ErrorModel { source, details }]`) is told to add a `code` to its items, not to become an object: by `$ref`, inline, through `allOf`",
    document: oas3(
      {
        '/a': get({
          '422': body({ type: 'array', items: ref('ErrorModel') }),
          '400': body({ type: 'array', items: { type: 'object', properties: { message: { type: 'string' } } } }),
          '409': body({ type: 'array', items: { allOf: [{ properties: { field: { type: 'string' } } }] } }),
        }),
      },
      { schemas: { ErrorModel: { properties: { source: { type: 'string' }, details: { type: 'string' } } } } },
    ),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA),
        message:
          'GET /a 400: the application/json error schema is a bare array of error items (with `message`), with no field for a code. Add a required `code` to its items: an object in place of the list would break its clients.',
      },
      {
        path: at('/a', 'get', '409', ...JSON_SCHEMA),
        message:
          'GET /a 409: the application/json error schema is a bare array of object items, with no field for a code. Add a required `code` to its items: an object in place of the list would break its clients.',
      },
      {
        path: at('/a', 'get', '422', ...JSON_SCHEMA),
        message:
          'GET /a 422: the application/json error schema is a bare array of `ErrorModel` items, with no field for a code. Add a required `code` to `ErrorModel`: an object in place of the list would break its clients.',
      },
    ],
  },
  {
    name: 'Swagger 2.0: a string error body (a `*/*` of springdoc or Springfox) is asked before it is retyped',
    document: swagger2({ '/a': { get: { produces: ['*/*'], responses: { ...ok, '400': { description: 'Bad Request', schema: { type: 'string' } } } } } }),
    errors: [
      {
        path: at('/a', 'get', '400', 'schema'),
        messageId: 'notAnObject',
        data: { mediaType: '*/*', types: 'string', fix: { messageId: 'codeAndMessage', data: {} }, concept: 'errorCode' },
      },
    ],
  },
  {
    name: "with no schema serving two statuses, the API's own error shape is offered with the code it lacks: the items of its error lists (Storecove's `[ErrorModel]`), for a missing body and a text-only one",
    document: oas3(
      {
        '/a': get({ '422': body({ type: 'array', items: ref('ErrorModel') }) }),
        '/b': get({ '401': { description: 'Unauthorized' }, '500': body({ type: 'string' }, 'text/plain') }),
      },
      { schemas: { ErrorModel: { properties: { source: { type: 'string' }, details: { type: 'string' } } } } },
    ),
    errors: [
      {
        path: at('/a', 'get', '422', ...JSON_SCHEMA),
        messageId: 'listWithoutCode',
        data: { mediaType: 'application/json', items: { messageId: 'itemsNamed', data: { name: 'ErrorModel' } }, where: '`ErrorModel`', concept: 'errorCode' },
      },
      {
        path: at('/b', 'get', '401'),
        messageId: 'noBodyAdd',
        data: {
          content: { messageId: 'contentSchema', data: { mediaType: 'application/json' } },
          fix: {
            messageId: 'apiShape',
            data: {
              body: { messageId: 'shapeList', data: { name: 'ErrorModel' } },
              whose: { messageId: 'shapeStatuses', data: { statuses: '422' } },
              lacks: { messageId: 'lacksItemCode', data: {} },
            },
          },
          then: '',
        },
      },
      {
        path: at('/b', 'get', '500'),
        message:
          "GET /b 500: the error response offers only text/plain, no JSON. Add an `application/json` body: the API's own error body, a list of `ErrorModel` (as its 422 responses declare), plus a required `code` in its items; your handler must then send it.",
      },
    ],
  },
  {
    name: "Swagger 2.0: one-status schemas that declare the same members (KumpeApps' `403`, `405`, `412`: `{ success, error }`, one through `allOf`) are the API's shape; its items, when it lists errors with a code, lack nothing",
    document: swagger2(
      {
        '/a': {
          get: {
            responses: {
              ...ok,
              '403': { description: 'Access Denied', schema: { $ref: '#/definitions/403' } },
              '405': { description: 'Not allowed', schema: { $ref: '#/definitions/405' } },
            },
          },
        },
        '/b': {
          get: { responses: { ...ok, '405': { description: 'Not allowed', schema: { $ref: '#/definitions/405' } }, '401': { description: 'Unauthorized' } } },
        },
      },
      {
        definitions: {
          '403': { type: 'object', properties: { success: { type: 'boolean' }, error: { type: 'string', example: 'Access Denied' } } },
          '405': { allOf: [{ type: 'object', properties: { success: { type: 'integer' }, error: { type: 'string', example: 'API Access Denied!' } } }] },
        },
      },
    ),
    errors: [
      {
        path: at('/b', 'get', '401'),
        message:
          "GET /b 401: the error response declares no body. Add a `schema`: the API's own error body, `{ success, error }` (as its schemas `405` and `403` declare), plus a required `code`.",
      },
    ],
  },
  {
    name: 'lookalikes: one-status schemas with different members, a list of strings, `items: {}` (which says nothing of objects): no shape of the API, the generic fix',
    document: oas3(
      {
        '/a': get({
          '403': body(ref('Forbidden')),
          '405': body(ref('NotAllowed')),
          '409': body({ type: 'array', items: { type: 'string' } }),
          '500': body({ type: 'array', items: {} }),
        }),
        '/b': get({ '401': { description: 'Unauthorized' } }),
      },
      {
        schemas: {
          Forbidden: { type: 'object', properties: { success: { type: 'boolean' }, error: { type: 'string' } } },
          NotAllowed: { type: 'object', properties: { reason: { type: 'string' } } },
        },
      },
    ),
    errors: [
      { path: at('/a', 'get', '409', ...JSON_SCHEMA), ...NOT_AN_OBJECT_2 },
      { path: at('/a', 'get', '500', ...JSON_SCHEMA), ...NOT_AN_OBJECT_2 },
      { path: at('/b', 'get', '401'), ...NO_BODY_ADD },
    ],
  },
  {
    name: "a body without a schema whose example is an object is told that body's schema (Forem's 401 `{ error, status }`, `error` read as the code); a string example says nothing",
    document: oas3({
      '/a': get({
        '401': { description: 'Unauthorized', content: { 'application/json': { example: { error: 'unauthorized', status: 401 } } } },
        '404': { description: 'Missing', content: { 'application/json': { example: 'Not found' } } },
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '401'),
        message:
          "GET /a 401: the error response's application/json has no schema. Add a `schema`: the body its example sends, `{ error, status }` (`error` the code).",
      },
      { path: at('/a', 'get', '404'), ...NO_SCHEMA },
    ],
  },
  {
    name: "Swagger 2.0: a response with `examples` but no `schema` is told the example's body, with the code it lacks",
    document: swagger2({
      '/a': {
        get: {
          produces: ['application/json'],
          responses: { ...ok, '403': { description: 'Forbidden', examples: { 'application/json': { message: 'Not allowed' } } } },
        },
      },
    }),
    errors: [
      {
        path: at('/a', 'get', '403'),
        messageId: 'noBodyAdd',
        data: {
          content: { messageId: 'swaggerSchema', data: {} },
          fix: { messageId: 'exampleBody', data: { members: 'message', reading: { messageId: 'lacksCode', data: {} } } },
          then: '',
        },
      },
    ],
  },
  {
    name: "the API's own error body shown only by examples (Orbit's `{ errors }` on a 404 and a 422, OpenAPI 3.0 `$ref`'d response) is offered to its body-less errors, plus a code",
    document: oas3(
      {
        '/members/find': get({ '404': ORBIT_NOT_FOUND }),
        '/activities': post({ '403': { description: 'forbidden' }, '422': { $ref: '#/components/responses/Unprocessable' } }),
      },
      { responses: { Unprocessable: ORBIT_UNPROCESSABLE } },
    ),
    errors: [
      { path: at('/members/find', 'get', '404'), ...NO_SCHEMA_2 },
      {
        path: at('/activities', 'post', '403'),
        message: `POST /activities 403: the error response declares no body. Add \`content: { application/json: { schema } }\`: ${ORBIT}.`,
      },
      { path: component('responses', 'Unprocessable'), ...NO_SCHEMA_2 },
    ],
  },
  {
    name: "Swagger 2.0 and OpenAPI 3.1: the examples' `{ errors }` on two statuses offered to a body-less 403",
    document: swagger2({
      '/a': {
        post: {
          produces: ['application/json'],
          responses: {
            ...ok,
            '403': { description: 'forbidden' },
            '404': { description: 'Not found', examples: { 'application/json': { errors: 'No member matching this identity was found' } } },
            '422': { description: 'unprocessable', examples: { 'application/json': { errors: { base: ['is invalid'] } } } },
          },
        },
      },
    }),
    errors: [
      {
        path: at('/a', 'post', '403'),
        messageId: 'noBodyAdd',
        data: {
          content: { messageId: 'swaggerSchema', data: {} },
          fix: { messageId: 'apiExampleBody', data: { members: 'errors', reading: { messageId: 'lacksCode', data: {} }, statuses: '404 and 422' } },
          then: '',
        },
      },
      {
        path: at('/a', 'post', '404'),
        ...NO_BODY_ADD_2,
      },
      {
        path: at('/a', 'post', '422'),
        ...NO_BODY_ADD_2,
      },
    ],
  },
  {
    name: "lookalike: examples of one status only (two 422s): no examples' body offered",
    document: oas3(
      {
        '/a': post({ '403': { description: 'forbidden' }, '422': ORBIT_UNPROCESSABLE }),
        '/b': post({ '422': ORBIT_UNPROCESSABLE }),
      },
      {},
      '3.1.0',
    ),
    errors: [
      { path: at('/a', 'post', '403'), ...NO_BODY_ADD },
      { path: at('/a', 'post', '422'), ...NO_SCHEMA_2 },
      { path: at('/b', 'post', '422'), ...NO_SCHEMA_2 },
    ],
  },
  {
    name: "lookalike: examples that disagree (a 404's `{ errors }`, a 422's `{ message, field }`): no examples' body offered, which one is asked",
    document: oas3({
      '/a': post({ '403': { description: 'forbidden' }, '404': ORBIT_NOT_FOUND }),
      '/b': post({ '422': { description: 'unprocessable', content: { 'application/json': { example: { message: 'is invalid', field: 'email' } } } } }),
    }),
    errors: [
      {
        path: at('/a', 'post', '403'),
        messageId: 'noBodyAdd',
        data: {
          ...NO_BODY_ADD.data,
          fix: { messageId: 'apiExamplesDisagree', data: { shapes: '`{ errors }` on 404 and `{ message, field }` on 422' } },
        },
      },
      { path: at('/a', 'post', '404'), ...NO_SCHEMA_2 },
      {
        path: at('/b', 'post', '422'),
        messageId: 'noSchema',
        data: {
          mediaType: 'application/json',
          fix: {
            messageId: 'schemaFix',
            data: { fix: { messageId: 'exampleBody', data: { members: 'message, field', reading: { messageId: 'lacksCode', data: {} } } } },
          },
          then: '',
        },
      },
    ],
  },
  {
    name: 'fires on a oneOf with a string branch',
    document: oas3({ '/a': get({ '400': body({ oneOf: [PROBLEM, { type: 'string' }] }) }) }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA),
        ...NOT_AN_OBJECT,
      },
    ],
  },
  {
    name: 'stays silent on object schemas: $ref, allOf composition, oneOf of objects, problem+json, untyped properties',
    document: oas3(
      {
        '/a': get({
          '400': body(ref('Problem')),
          '409': body({ allOf: [ref('Problem'), { properties: { currentState: { type: 'string' } } }] }),
          '422': body({ oneOf: [ref('Problem'), { type: 'object', properties: { errors: { type: 'array' } } }] }),
          '500': body(ref('Problem'), 'application/problem+json'),
          '503': body({ properties: { code: { type: 'string' } } }),
        }),
      },
      { schemas: { Problem: PROBLEM } },
    ),
    errors: [],
  },
  {
    name: 'a shared components/responses entry without content fires once, on the component, naming both users',
    document: oas3(
      { '/a': get({ '404': ref('NotFound', 'responses') }), '/b': get({ '404': ref('NotFound', 'responses') }) },
      { responses: { NotFound: { description: 'Not found' } } },
    ),
    errors: [{ path: component('responses', 'NotFound'), message: noBody(usedBy('NotFound', 2)) }],
  },
  {
    name: 'an exempt operation is no user of the shared response: it drops out of the count, and when every user is exempt the finding is gone',
    document: oas3(
      {
        '/a': get({ '404': ref('NotFound', 'responses') }),
        '/b': get({ '404': ref('NotFound', 'responses') }),
        '/c': {
          get: {
            'x-ax-exempt': { 'ax-recoverable-error-schema': 'Load balancer probe, no agent calls it' },
            responses: { '404': ref('NotFound', 'responses') },
          },
        },
        '/health': {
          get: { 'x-ax-exempt': { 'ax-recoverable-error-schema': 'Load balancer probe, no agent calls it' }, responses: { '503': ref('Down', 'responses') } },
        },
      },
      { responses: { NotFound: { description: 'Not found' }, Down: { description: 'Down' } } },
    ),
    errors: [{ path: component('responses', 'NotFound'), message: noBody(usedBy('NotFound', 2)) }],
  },
  {
    name: "the API's one error schema, declared for one status only (ZoomConnect's `RestErrorDTO` on a 400, its `code` and `message` optional), is offered to a response of another status with those required; a text-only body too",
    document: oas3(
      {
        '/sms/send': {
          post: {
            responses: {
              '200': { description: 'OK' },
              '400': {
                description: 'Validation error',
                content: { 'application/json': { schema: ref('RestErrorDTO') }, 'application/xml': { schema: ref('RestErrorDTO') } },
              },
            },
          },
        },
        '/groups/{id}/removeContact/{contactId}': {
          post: { responses: { '200': { description: 'OK' }, '404': { description: 'Not Found' }, '500': body({ type: 'string' }, 'text/plain') } },
        },
      },
      {
        schemas: {
          RestErrorDTO: {
            type: 'object',
            properties: { code: { type: 'string' }, message: { type: 'string' }, developerMessage: { type: 'string' }, moreInfoUrl: { type: 'string' } },
          },
        },
      },
    ),
    errors: [
      {
        path: at('/groups/{id}/removeContact/{contactId}', 'post', '404'),
        message:
          "POST /groups/{id}/removeContact/{contactId} 404: the error response declares no body. Add the API's only error schema (on its 400 responses), `content: { application/json: { schema: { $ref: '#/components/schemas/RestErrorDTO' } } }`, requiring `code` and `message`.",
      },
      {
        path: at('/groups/{id}/removeContact/{contactId}', 'post', '500'),
        messageId: 'noJson',
        data: {
          offered: 'text/plain',
          body: "the body `application/json: { schema: { $ref: '#/components/schemas/RestErrorDTO' } }`, requiring `code` and `message`",
          whose: { messageId: 'loneBody', data: { statuses: '400' } },
          then: '; your handler must then send it',
        },
      },
    ],
  },
  {
    name: "the API's one error schema as an `allOf` (OpenAPI 3.1) that requires its code and message is offered as it is; Swagger 2.0 too",
    document: oas3(
      {
        '/a': get({ '409': body(ref('Failure')) }),
        '/b': get({ '404': { description: 'Not Found' } }),
      },
      { schemas: { Failure: { allOf: [ref('Base'), { type: 'object', properties: { retryable: { type: 'boolean' } } }] }, Base: PROBLEM } },
      '3.1.0',
    ),
    errors: [
      {
        path: at('/b', 'get', '404'),
        messageId: 'noBody',
        data: {
          whose: { messageId: 'loneBody', data: { statuses: '409' } },
          body: "`content: { application/json: { schema: { $ref: '#/components/schemas/Failure' } } }`",
          then: '',
        },
      },
    ],
  },
  {
    name: "Swagger 2.0: the API's one error schema, on one status, is offered to a response of another",
    document: swagger2(
      {
        '/a': { get: { responses: { '200': { description: 'OK' }, '422': { description: 'Invalid', schema: { $ref: '#/definitions/RestError' } } } } },
        '/b': { get: { responses: { '200': { description: 'OK' }, '404': { description: 'Not Found' } } } },
      },
      { definitions: { RestError: { type: 'object', required: ['code'], properties: { code: { type: 'string' }, message: { type: 'string' } } } } },
    ),
    errors: [
      {
        path: at('/b', 'get', '404'),
        messageId: 'noBody',
        data: {
          whose: { messageId: 'loneBody', data: { statuses: '422' } },
          body: "`schema: { $ref: '#/definitions/RestError' }`, requiring `message`",
          then: '',
        },
      },
    ],
  },
  {
    name: "lookalike: a one-status body that is no error in general (a 422's list of field errors, no code of its own) is not offered",
    document: oas3(
      {
        '/a': get({ '422': body(ref('ValidationErrors')) }),
        '/b': get({ '404': { description: 'Not Found' } }),
      },
      {
        schemas: {
          ValidationErrors: {
            type: 'object',
            properties: { errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } } },
          },
        },
      },
    ),
    errors: [{ path: at('/b', 'get', '404'), ...NO_BODY_ADD }],
  },
  {
    name: "lookalike: two error schemas, each declared for one status, are not the API's one",
    document: oas3(
      {
        '/a': get({ '409': body(ref('ConflictBody')), '429': body(ref('RateLimitBody')) }),
        '/b': get({ '404': { description: 'Not Found' } }),
      },
      { schemas: { ConflictBody: PROBLEM, RateLimitBody: { ...PROBLEM, properties: { ...PROBLEM.properties, retryAfter: { type: 'integer' } } } } },
    ),
    errors: [{ path: at('/b', 'get', '404'), ...NO_BODY_ADD }],
  },
  {
    name: "with no error body declared anywhere, an error schema the API defines and holds a code or a message is offered (Gitea's `APIError`, its responses carrying `message` and `url` as headers); a schema of another name is not",
    document: oas3(
      {
        '/repos': get({ '404': { description: 'APIError is error format response', headers: { message: { schema: { type: 'string' } } } } }),
      },
      {
        schemas: {
          Repository: { type: 'object', properties: { message: { type: 'string' } } },
          APIError: { type: 'object', properties: { message: { type: 'string' }, url: { type: 'string' } } },
        },
      },
    ),
    errors: [
      {
        path: at('/repos', 'get', '404'),
        messageId: 'noBody',
        data: {
          whose: { messageId: 'definedBody', data: {} },
          body: "`content: { application/json: { schema: { $ref: '#/components/schemas/APIError' } } }`",
          then: '',
        },
      },
    ],
  },
  {
    name: "a JSON error schema filed under another media type is told to be offered as application/json (AppCenter's text/csv); the API's general error body is offered over a few same-status responses' one when it serves more of that class (Telnyx's `Errors`), not a 4xx body over the 500s' own (Just Eat)",
    document: oas3(
      {
        '/alerts': get({ '404': body({ type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } }, 'text/csv') }),
        '/rooms': get({ '404': body(ref('Error')) }),
        '/gateways': get({ '404': body(ref('Error')) }),
        '/calls': get({ '400': body(ref('Errors')), '401': body(ref('Errors')), '422': body(ref('Errors')), '429': body(ref('Errors')) }),
        '/credentials': get({ '404': { description: 'Not found' } }),
        '/pools': get({ '500': body(ref('ServerError')), '503': { description: 'Unavailable' } }),
        '/menus': get({ '500': body(ref('ServerError')), '400': body(ref('Errors')), '409': body(ref('Errors')) }),
        '/orders': get({ '500': { description: 'Oops' } }),
      },
      { schemas: { Error: PROBLEM, ServerError: PROBLEM, Errors: { type: 'object', properties: { errors: { type: 'array', items: ref('Error') } } } } },
    ),
    errors: [
      {
        path: at('/alerts', 'get', '404'),
        message:
          'GET /alerts 404: the error response offers only text/csv, no JSON, though its text/csv schema is a JSON error body. Offer it as `application/json`.',
      },
      {
        path: at('/credentials', 'get', '404'),
        ...NO_BODY,
      },
      {
        path: at('/pools', 'get', '503'),
        ...NO_BODY,
      },
      {
        path: at('/orders', 'get', '500'),
        messageId: 'noBody',
        data: {
          whose: { messageId: 'sameStatusBody', data: { status: '500' } },
          body: "`content: { application/json: { schema: { $ref: '#/components/schemas/ServerError' } } }`",
          then: '',
        },
      },
    ],
  },
  {
    name: "the API's error schema is offered under the media type the API sends it with most (Dialogporten's problem+json), not that of the one response of the same status",
    document: oas3(
      {
        '/a': get({
          '400': body(ref('ProblemDetails'), 'application/problem+json'),
          '404': body(ref('ProblemDetails'), 'application/problem+json'),
          '410': body(ref('ProblemDetails')),
        }),
        '/b': get({ '410': { description: 'Gone' } }),
      },
      { schemas: { ProblemDetails: PROBLEM } },
    ),
    errors: [
      {
        path: at('/b', 'get', '410'),
        messageId: 'noBody',
        data: {
          whose: { messageId: 'sameStatusBody', data: { status: '410' } },
          body: "`content: { application/problem+json: { schema: { $ref: '#/components/schemas/ProblemDetails' } } }`",
          then: '',
        },
      },
    ],
  },
  {
    name: "an error response that answers its success body, which holds no error (Box's 400 `MetadataTemplate`, whose `type` is its own name), is told the API's error schema, and no other error rule reports it; a success body that holds a message or per-item errors is left to them",
    document: oas3(
      {
        '/metadata_templates/{id}': get({ '200': body(ref('MetadataTemplate')), '400': body(ref('MetadataTemplate')), '404': body(ref('ClientError')) }),
        '/templates': get({ '200': body(ref('MetadataTemplate')), '400': body(ref('MetadataTemplate')) }),
        '/Statements': {
          post: {
            responses: {
              '202': body(ref('Statements')),
              '409': body(ref('Statements')),
              '500': body(ref('ClientError')),
              '503': body(ref('Envelope')),
            },
          },
        },
        '/envelope': get({ '200': body(ref('Envelope')), '404': body(ref('Envelope')) }),
      },
      {
        schemas: {
          MetadataTemplate: { type: 'object', properties: { type: { type: 'string', enum: ['metadata_template'] }, templateKey: { type: 'string' } } },
          ClientError: {
            type: 'object',
            required: ['code', 'message'],
            properties: { type: { type: 'string', enum: ['error'] }, code: { type: 'string' }, message: { type: 'string' } },
          },
          Statements: {
            type: 'object',
            properties: { items: { type: 'array', items: { type: 'object', properties: { errors: { type: 'array', items: ref('ClientError') } } } } },
          },
          Envelope: { type: 'object', properties: { isError: { type: 'boolean' }, message: { type: 'string' }, result: { type: 'object' } } },
        },
      },
    ),
    errors: [
      {
        path: at('/metadata_templates/{id}', 'get', '400', ...JSON_SCHEMA),
        message:
          "GET /metadata_templates/{id} 400: the application/json error schema is `MetadataTemplate`, the body of its 200 response, with no code and no message. Answer the API's error schema, `$ref: '#/components/schemas/ClientError'` instead.",
      },
      {
        path: at('/templates', 'get', '400', ...JSON_SCHEMA),
        messageId: 'successBody',
        data: {
          mediaType: 'application/json',
          name: 'MetadataTemplate',
          status: '200',
          fix: { messageId: 'apiErrorSchema', data: { ref: '#/components/schemas/ClientError' } },
        },
      },
    ],
  },
  {
    name: 'Swagger 2.0: a response without schema fires; an HTML-only produces fires; a schema passes',
    document: swagger2(
      {
        '/a': {
          get: {
            responses: {
              '200': { description: 'OK' },
              '400': { description: 'Bad' },
              '500': { description: 'Err', schema: { $ref: '#/definitions/Problem' } },
            },
          },
        },
        '/b': { get: { produces: ['text/html'], responses: { '200': { description: 'OK' }, '500': { description: 'Err', schema: { type: 'string' } } } } },
      },
      { definitions: { Problem: PROBLEM } },
    ),
    errors: [
      {
        path: at('/a', 'get', '400'),
        messageId: 'noBody',
        data: { whose: { messageId: 'loneBody', data: { statuses: '500' } }, body: "`schema: { $ref: '#/definitions/Problem' }`", then: '' },
      },
      {
        path: at('/b', 'get', '500'),
        messageId: 'noJson',
        data: {
          offered: 'text/html',
          body: "`application/json` in `produces` and the `schema: { $ref: '#/definitions/Problem' }`",
          whose: { messageId: 'sameStatusBody', data: { status: '500' } },
          then: '; your handler must then send it',
        },
      },
    ],
  },
  {
    name: 'OpenAPI 3.1: a nullable object type passes; a string-or-null type fires',
    document: oas3(
      { '/a': get({ '400': body({ type: ['object', 'null'], properties: { code: { type: 'string' } } }), '500': body({ type: ['string', 'null'] }) }) },
      {},
      '3.1.0',
    ),
    errors: [
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA),
        messageId: 'notAnObject',
        data: { mediaType: 'application/json', types: 'string, null', fix: { messageId: 'codeAndMessage', data: {} }, concept: 'errorCode' },
      },
    ],
  },
  {
    name: 'garbage: a schema that is a string fires; a dangling $ref and a bad response stay silent',
    document: oas3({ '/a': get({ '400': body('oops'), '401': body(ref('Missing')), '402': 'not a response', '403': ref('Missing', 'responses') }) }),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA),
        message: `GET /a 400: the application/json error schema is not a schema object. Replace it with ${FIX}.`,
      },
    ],
  },
  {
    name: 'circular error schemas terminate',
    document: oas3(
      { '/a': get({ '400': body(ref('Problem')) }) },
      { schemas: { Problem: { allOf: [ref('Problem'), { type: 'object', properties: { cause: ref('Problem') } }] } } },
    ),
    errors: [],
  },
  {
    name: 'x-ax-exempt silences the rule for that operation',
    document: oas3({
      '/health': {
        get: {
          'x-ax-exempt': { 'ax-recoverable-error-schema': 'Load balancer probe, no agent calls it' },
          responses: { ...ok, '503': { description: 'Down' } },
        },
      },
    }),
    errors: [],
  },
]);

test('a text/plain-only error is reported once, by this rule, not also by ax-recoverable-no-html-errors', async () => {
  const document = oas3({ '/a': get({ '503': body({ type: 'string' }, 'text/plain') }) });
  const results = [...(await runRule('ax-recoverable-error-schema', document)), ...(await runRule('ax-recoverable-no-html-errors', document))];
  expect(results.map(({ code, path }) => ({ code, path }))).toEqual([{ code: 'ax-recoverable-error-schema', path: at('/a', 'get', '503') }]);
});
