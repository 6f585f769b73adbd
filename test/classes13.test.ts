/**
 * Issue 38, ninth blind sample: the API's own error wrapper shown only by examples (They Said So's
 * `{ "error": { "code": 401, "message": "Unauthorized" } }`, JSON text under `application/json`); a code the API has
 * under its own name (Zettle's `ErrorResponse.errorType`); a success body that is a map of scalars (MIMIC's
 * `PUT /mimic/start`, `additionalProperties` of int32), which no new member fits.
 */
import { Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import ruleset from '../ruleset';
import { fixAndRelint, runRuleSaid, runRuleWithEdits, toDocument } from './support/testRule';
import { at, body, oas3, ref, swagger2 } from './support/documents';

const messagesOf = async (rule: Parameters<typeof runRuleSaid>[0], document: object) =>
  (await runRuleSaid(rule, document)).map(({ path, message }) => [path.join(' '), message]);

/** Every rule of the package on a document: what each finding's code and place is. */
async function allFindings(document: object): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset(ruleset as RulesetDefinition);
  return (await spectral.run(toDocument(document))).map(result => `${String(result.code)} ${result.path.join(' ')}`);
}

describe("the API's own error wrapper shown only by examples", () => {
  const RULE = 'ax-recoverable-error-schema';
  /** A response whose JSON body has no schema, only a named example whose value is JSON text (as They Said So writes it). */
  const shown = (text: string, description = 'Error') => ({ description, content: { 'application/json': { examples: { response: { value: text } } } } });
  const wrapped = (code: number, message: string) => JSON.stringify({ error: { code, message } }, null, 4);
  const quotes = (errors: Record<string, object>, components: object = {}) =>
    oas3(
      {
        '/qshow/list': { get: { responses: { '200': { description: 'OK' }, ...errors } } },
        '/quote': { delete: { responses: { '200': { description: 'OK' }, '401': shown(wrapped(401, 'Unauthorized')), '403': { description: 'Forbidden' } } } },
      },
      components,
    );
  const WRAPPER = '`{ error: { code, message } }`, with `error.code` and `error.message` required';
  const GENERIC_403 =
    'DELETE /quote 403: the error response declares no body. Add `content: { application/json: { schema } }`: an object schema requiring a `code` and a `message`.';

  test('must fire: its own example and the examples of every error are the wrapper, its members required', async () => {
    expect(await messagesOf(RULE, quotes({ '404': shown(wrapped(404, 'Not Found: Resource not found')) }))).toEqual([
      [
        at('/qshow/list', 'get', '404').join(' '),
        `GET /qshow/list 404: the error response's application/json has no schema. Add a \`schema\`: the body its example sends, ${WRAPPER}.`,
      ],
      [
        at('/quote', 'delete', '401').join(' '),
        `DELETE /quote 401: the error response's application/json has no schema. Add a \`schema\`: the body its example sends, ${WRAPPER}.`,
      ],
      [
        at('/quote', 'delete', '403').join(' '),
        `DELETE /quote 403: the error response declares no body. Add \`content: { application/json: { schema } }\`: the body the API's examples send (its 401 and 404 responses), ${WRAPPER}.`,
      ],
    ]);
  });

  test('OpenAPI 3.1, an example by `$ref` wrapping a message without a code: the code is asked for inside the wrapper', async () => {
    const document = quotes(
      { '404': { description: 'Missing', content: { 'application/json': { examples: { missing: ref('Missing', 'examples') } } } } },
      { examples: { Missing: { value: '{ "error": { "message": "Not Found" } }' } } },
    );
    (document as { openapi: string }).openapi = '3.1.0';
    const said = await runRuleSaid(RULE, document);
    expect(said[0].message).toBe(
      "GET /qshow/list 404: the error response's application/json has no schema. Add a `schema`: the body its example sends, `{ error: { message } }`, with `error.message` required, plus a required `code` in `error`.",
    );
  });

  test('Swagger 2.0: JSON text under `examples` is read as the body it spells', async () => {
    const document = swagger2({
      '/a': {
        get: {
          produces: ['application/json'],
          responses: {
            '200': { description: 'OK' },
            '401': { description: 'Unauthorized', examples: { 'application/json': wrapped(401, 'Unauthorized') } },
            '403': { description: 'Forbidden' },
          },
        },
      },
    });
    expect(await messagesOf(RULE, document)).toEqual([
      [at('/a', 'get', '401').join(' '), `GET /a 401: the error response declares no body. Add a \`schema\`: the body its example sends, ${WRAPPER}.`],
      [
        at('/a', 'get', '403').join(' '),
        'GET /a 403: the error response declares no body. Add a `schema`: an object schema requiring a `code` and a `message`.',
      ],
    ]);
  });

  test('three shapes, none shown by most: two named, the rest counted', async () => {
    const said = await messagesOf(RULE, quotes({ '404': shown('{ "message": "Not Found" }'), '500': shown('{ "fault": "Oops" }') }));
    expect(said[3][1]).toBe(
      "DELETE /quote 403: the error response declares no body. Add `content: { application/json: { schema } }`: the body its handler sends, which the API's examples disagree on (`{ error }` on 401, `{ message }` on 404 and 1 more): ask which, then require a `code` and a `message` in it.",
    );
  });

  test('must stay silent on the wrapper: examples that disagree, text that is no JSON object, a wrapper beside other members', async () => {
    const disagree = await messagesOf(RULE, quotes({ '404': shown('{ "message": "Not Found" }') }));
    expect(disagree[2]).toEqual([
      at('/quote', 'delete', '403').join(' '),
      "DELETE /quote 403: the error response declares no body. Add `content: { application/json: { schema } }`: the body its handler sends, which the API's examples disagree on (`{ error }` on 401 and `{ message }` on 404): ask which, then require a `code` and a `message` in it.",
    ]);
    expect(disagree[0][1]).toBe(
      "GET /qshow/list 404: the error response's application/json has no schema. Add a `schema`: the body its example sends, `{ message }`, plus a required `code`.",
    );
    // Most of them agree: that one is offered (wrappers on a 401 and a 404, one `{ message }` on a 500).
    const most = await messagesOf(RULE, quotes({ '404': shown(wrapped(404, 'Not Found')), '500': shown('{ "message": "Oops" }') }));
    expect(most[3][1]).toBe(
      `DELETE /quote 403: the error response declares no body. Add \`content: { application/json: { schema } }\`: the body the API's examples send (its 401 and 404 responses), ${WRAPPER}.`,
    );
    const text = await messagesOf(RULE, quotes({ '404': shown('{ not json') }, {}));
    expect(text[2]).toEqual([at('/quote', 'delete', '403').join(' '), GENERIC_403]);
    expect(text[0][1]).toBe(
      "GET /qshow/list 404: the error response's application/json has no schema. Add a `schema`: an object schema requiring a `code` and a `message`.",
    );
    const beside = await messagesOf(RULE, quotes({ '404': shown('{ "error": { "code": "NOT_FOUND", "message": "Missing" }, "requestId": "r-1" }') }));
    expect(beside[0][1]).toBe(
      "GET /qshow/list 404: the error response's application/json has no schema. Add a `schema`: the body its example sends, `{ error, requestId }` (`error.code` the code).",
    );
  });
});

describe('a code the API has under its own name: a string named for the kind of error', () => {
  const ERROR_RESPONSE = {
    type: 'object',
    properties: {
      developerMessage: { type: 'string' },
      errorType: { type: 'string' },
      violations: { type: 'array', uniqueItems: true, items: ref('ConstraintViolation') },
    },
  };
  const VIOLATION = {
    type: 'object',
    properties: { constraintType: { type: 'string', enum: ['MUST_NOT_BE_NULL', 'INVALID_SIZE'] }, developerMessage: { type: 'string' } },
  };
  const zettle = (schema: object = ERROR_RESPONSE) =>
    oas3(
      {
        '/v1/taxes': { get: { responses: { '200': { description: 'OK' }, '403': { description: 'Not a sales tax user' } } } },
        '/v1/products': { post: { 'x-ax-exempt': true, responses: { '201': { description: 'Created' }, '400': body(ref('ErrorResponse')) } } },
      },
      { schemas: { ErrorResponse: schema, ConstraintViolation: VIOLATION } },
    );
  const reuse = (requiring: string) =>
    `GET /v1/taxes 403: the error response declares no body. Add the API's only error schema (on its 400 responses), \`content: { application/json: { schema: { $ref: '#/components/schemas/ErrorResponse' } } }\`, ${requiring}.`;

  test('must fire: `errorType` is the code, required rather than a new `code` added', async () => {
    expect(await messagesOf('ax-recoverable-error-schema', zettle())).toEqual([
      [at('/v1/taxes', 'get', '403').join(' '), reuse('requiring `errorType` and `developerMessage`')],
    ]);
    expect(await messagesOf('ax-recoverable-error-structure', zettle())).toEqual([
      [
        'components schemas ErrorResponse',
        '`ErrorResponse` (used by POST /v1/products 400): does not require `errorType` or `developerMessage`. Require `errorType` and `developerMessage` in the schema; your error handler must then send them.',
      ],
    ]);
  });

  test('the fix requires `errorType`: it clears the finding and raises no other', async () => {
    const document = zettle();
    const { after, fixed } = await fixAndRelint('ax-recoverable-error-structure', document);
    expect(after).toEqual([]);
    expect((fixed as { components: { schemas: { ErrorResponse: { required: string[] } } } }).components.schemas.ErrorResponse.required).toEqual([
      'errorType',
      'developerMessage',
    ]);
    const before = await allFindings(document);
    expect((await allFindings(fixed)).filter(finding => !before.includes(finding))).toEqual([]);
  });

  test('Swagger 2.0, `allOf`: a nullable `exceptionKind` in a composed error schema is the code', async () => {
    const document = swagger2(
      {
        '/a': {
          get: {
            produces: ['application/json'],
            responses: { '200': { description: 'OK' }, '400': { description: 'Bad', schema: { $ref: '#/definitions/Error' } }, '403': { description: 'No' } },
          },
        },
      },
      {
        definitions: {
          Base: { type: 'object', properties: { message: { type: 'string' } } },
          Error: { allOf: [{ $ref: '#/definitions/Base' }, { type: 'object', properties: { exceptionKind: { type: ['string', 'null'] } } }] },
        },
      },
    );
    expect((await messagesOf('ax-recoverable-error-schema', document))[0][1]).toBe(
      "GET /a 403: the error response declares no body. Add the API's only error schema (on its 400 responses), `schema: { $ref: '#/definitions/Error' }`, requiring `exceptionKind` and `message`.",
    );
  });

  test('lookalikes stay what they were: `contentType`, a type described as the message, an integer `errorType`, RFC 7807 `type`', async () => {
    const asked = async (properties: object) =>
      (await messagesOf('ax-recoverable-error-schema', zettle({ type: 'object', properties: { developerMessage: { type: 'string' }, ...properties } })))[0][1];
    const adding = reuse('adding a required `code` and requiring `developerMessage`');
    expect(await asked({ contentType: { type: 'string' } })).toBe(adding);
    expect(await asked({ errorType: { type: 'string', description: 'The error message shown to the user.' } })).toBe(adding);
    expect(await asked({ errorType: { type: 'integer' } })).toBe(adding);
    // RFC 7807's `type`, a URI naming the error, was the code already, and stays so.
    expect(await asked({ type: { type: 'string', format: 'uri' } })).toBe(reuse('requiring `type` and `developerMessage`'));
  });
});

describe('a success body that is a map of scalars has no room for next steps', () => {
  const RULE = 'ax-envelope-next-steps';
  const INTS = { type: 'object', additionalProperties: { type: 'integer', format: 'int32' } };
  const mimic = (schema: object, components: object = {}) => oas3({ '/mimic/start': { put: { responses: { '200': body(schema) } } } }, components);
  const NO_ROOM = (kind: string, data = '{…}') =>
    `PUT /mimic/start 200: no \`nextSteps\`, and the body is ${kind}. In a new version, wrap it: \`{ data: ${data}, nextSteps: [{ action, method, href, description }] }\`; else exempt the operation (\`x-ax-exempt\`).`;
  const PATH = at('/mimic/start', 'put', '200', 'content', 'application/json', 'schema').join(' ');

  test('must fire: asked, and `fix` edits nothing (OpenAPI 3.0 inline, `$ref`, `allOf`)', async () => {
    expect(await messagesOf(RULE, mimic(INTS))).toEqual([[PATH, NO_ROOM('a map of integer values')]]);
    expect(await messagesOf(RULE, mimic(ref('Counts'), { schemas: { Counts: { additionalProperties: { type: 'string' } } } }))).toEqual([
      [PATH, NO_ROOM('a map of string values')],
    ]);
    expect(await messagesOf(RULE, mimic({ allOf: [INTS, { description: 'Agents started' }] }))).toEqual([[PATH, NO_ROOM('a map of integer values')]]);
    const { edits } = await runRuleWithEdits(RULE, mimic(INTS));
    expect([...edits.values()].flat()).toEqual([]);
  });

  test('Swagger 2.0: a map of booleans', async () => {
    const document = swagger2({
      '/mimic/start': {
        put: {
          produces: ['application/json'],
          responses: { '200': { description: 'OK', schema: { type: 'object', additionalProperties: { type: 'boolean' } } } },
        },
      },
    });
    expect(await messagesOf(RULE, document)).toEqual([['paths /mimic/start put responses 200 schema', NO_ROOM('a map of boolean values')]]);
  });

  test('lookalikes keep the member advice: a map of objects, a map beside declared members, a map of any value', async () => {
    const ADD =
      'PUT /mimic/start 200: no `nextSteps`. Add `nextSteps`: [{ action, method, href, description }] (all required, `method` an HTTP-method enum) to the application/json schema.';
    for (const schema of [
      { type: 'object', additionalProperties: { type: 'object', properties: { state: { type: 'string' } } } },
      { type: 'object', properties: { started: { type: 'integer' } }, additionalProperties: { type: 'integer' } },
      { type: 'object', additionalProperties: true },
      { type: 'object', additionalProperties: {} },
    ]) {
      expect(await messagesOf(RULE, mimic(schema))).toEqual([[PATH, ADD]]);
    }
  });
});

describe('an error schema that is a map of scalars is asked about, as a string is', () => {
  const errorMap = (schema: object) => oas3({ '/mimic/start': { put: { responses: { '200': { description: 'OK' }, '400': body(schema) } } } });
  const PATH = at('/mimic/start', 'put', '400', 'content', 'application/json', 'schema').join(' ');
  const ASK = (type: string) =>
    `PUT /mimic/start 400: the application/json error schema is a map of ${type} values, with no field for a code. A member of its own breaks clients that read every entry: ask if they can take an object schema requiring a \`code\` and a \`message\`, else offer that as a second media type (by \`Accept\`).`;

  test('must fire once: ax-recoverable-error-schema asks, and no other error rule adds members to it', async () => {
    const document = errorMap({ type: 'object', additionalProperties: { type: 'integer', format: 'int32' } });
    expect(await messagesOf('ax-recoverable-error-schema', document)).toEqual([[PATH, ASK('integer')]]);
    expect(await messagesOf('ax-recoverable-error-structure', document)).toEqual([]);
  });

  test('Swagger 2.0, `$ref`: a map of lists of messages', async () => {
    const document = swagger2(
      {
        '/a': {
          get: {
            produces: ['application/json'],
            responses: { '200': { description: 'OK' }, '400': { description: 'Bad', schema: { $ref: '#/definitions/FieldErrors' } } },
          },
        },
      },
      { definitions: { FieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } } },
    );
    expect(await messagesOf('ax-recoverable-error-schema', document)).toEqual([
      [
        'paths /a get responses 400 schema',
        'GET /a 400: the application/json error schema is a map of array values, with no field for a code. A member of its own breaks clients that read every entry: ask if they can take an object schema requiring a `code` and a `message`, else offer that as a second media type (by `Accept`).',
      ],
    ]);
  });

  test('lookalikes: a map beside declared members, or open to any value, is told the members it lacks', async () => {
    for (const schema of [
      { type: 'object', properties: { message: { type: 'string' } }, additionalProperties: { type: 'string' } },
      { type: 'object', additionalProperties: true },
    ]) {
      expect(await messagesOf('ax-recoverable-error-schema', errorMap(schema))).toEqual([]);
      expect((await messagesOf('ax-recoverable-error-structure', errorMap(schema))).map(([path]) => path)).toEqual([PATH]);
    }
  });
});
