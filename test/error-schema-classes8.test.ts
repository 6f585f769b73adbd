/**
 * The error-body classes of the fifth and sixth blind samples (issue 38): what a response without a usable body is
 * offered, and how a body's own members are read, on the shapes the sampled APIs have.
 */
import { at, body, oas3, ref, swagger2 } from './support/documents';
import { runRule, runRuleSaid } from './support/testRule';

const SCHEMA_RULE = 'ax-recoverable-error-schema';

/** `/images` answers a list envelope carrying `Error` items in `errors` beside `message` (Shutterstock's `ImageDataList`). */
const envelope = (list = 'errors') => ({
  type: 'object',
  properties: {
    data: { type: 'array', items: { type: 'object' } },
    [list]: { description: 'Error list; appears only if there was an error', type: 'array', items: ref('Error') },
    message: { description: 'Optional error message', type: 'string' },
  },
});
const ERROR = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'The error code of this error' },
    message: { type: 'string', description: 'Specific details about this error' },
  },
};
const shutterstock = (schemas: object = { ImageDataList: envelope(), VideoDataList: envelope(), Error: ERROR }) =>
  oas3(
    {
      '/images': { get: { responses: { '200': body(ref('ImageDataList')), '401': { description: 'Unauthorized' } } } },
      '/videos': { get: { responses: { '200': body(ref('VideoDataList')) } } },
    },
    { schemas },
  );
const IMAGES_401 = at('/images', 'get', '401');

describe('a schema the API names only as a list item is not offered as the whole error body (Shutterstock)', () => {
  test('a response without a body is offered the envelope every list of `Error` travels in', async () => {
    const [result, ...others] = await runRuleSaid(SCHEMA_RULE, shutterstock());
    expect(others).toEqual([]);
    expect(result.path).toEqual(IMAGES_401);
    expect(result.message).toBe(
      'GET /images 401: the error response declares no body. Add `content: { application/json: { schema } }`: the envelope the API sends `Error` in, `{ message, errors: [Error] }` (as 2 of its schemas carry it).',
    );
    expect(result.data).toMatchObject({ fix: { messageId: 'listEnvelope', data: { item: 'Error', list: 'errors', message: 'message', holders: '2' } } });
  });

  test('the envelope offered, added to the response, clears the finding and leaves the other responses as they were', async () => {
    const fixed = shutterstock() as { paths: Record<string, { get: { responses: Record<string, object> } }> };
    const offered = {
      type: 'object',
      required: ['message', 'errors'],
      properties: { message: { type: 'string' }, errors: { type: 'array', items: ref('Error') } },
    };
    fixed.paths['/images'].get.responses['401'] = body(offered, 'application/json', 'Unauthorized');
    expect(await runRule(SCHEMA_RULE, fixed)).toEqual([]);
    expect(await runRule('ax-recoverable-error-structure', fixed)).toEqual([]);
  });

  test('lists of `Error` under different names share no one envelope: neither it nor the item is offered', async () => {
    const [result] = await runRuleSaid(SCHEMA_RULE, shutterstock({ ImageDataList: envelope(), VideoDataList: envelope('problems'), Error: ERROR }));
    expect(result.message).toBe(
      'GET /images 401: the error response declares no body. Add `content: { application/json: { schema } }`: an object schema requiring a `code` and a `message`.',
    );
  });

  test('a lookalike: `Error` also named as a member of its own (not only a list item) is still the error schema the API defines', async () => {
    const schemas = { ImageDataList: envelope(), VideoDataList: { type: 'object', properties: { error: ref('Error') } }, Error: ERROR };
    const [result] = await runRuleSaid(SCHEMA_RULE, shutterstock(schemas));
    expect(result.message).toBe(
      "GET /images 401: the error response declares no body. Add the error schema the API defines, `content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } }`.",
    );
  });

  test('a member named `items` is not a list item: `Error` named there is still offered', async () => {
    const schemas = { ImageDataList: { type: 'object', properties: { items: ref('Error') } }, VideoDataList: envelope(), Error: ERROR };
    const [result] = await runRuleSaid(SCHEMA_RULE, shutterstock(schemas));
    expect(result.data).toMatchObject({ whose: { messageId: 'definedBody' } });
  });
});

/** Paylocity's error bodies: bare lists of `error` on its 400s and 404s (Swagger 2.0 original), a 403 without a body. */
const ITEM = { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string', description: 'The error message.' } } };
const LIST = { type: 'array', items: { $ref: '#/definitions/error' } };
const paylocity = (forbidden: object = { description: 'Forbidden' }) =>
  swagger2(
    {
      '/employees': {
        get: {
          produces: ['application/json'],
          responses: {
            '200': { description: 'OK' },
            '400': { description: 'Bad Request', schema: LIST },
            '403': forbidden,
            '404': { description: 'Not Found', schema: LIST },
          },
        },
      },
    },
    { definitions: { error: ITEM } },
  );

describe("the API's error schema is offered in the shape its error responses use (Paylocity)", () => {
  test('a response without a body is offered the list the other error responses answer, not one `error` object', async () => {
    const results = await runRuleSaid(SCHEMA_RULE, paylocity());
    expect(results.map(result => [result.path, result.message])).toEqual([
      [
        at('/employees', 'get', '400', 'schema'),
        'GET /employees 400: the application/json error schema is a bare array of `error` items, with no field for a code. Add a required `code` to `error`: an object in place of the list would break its clients.',
      ],
      [
        at('/employees', 'get', '403'),
        "GET /employees 403: the error response declares no body. Add a `schema`: the API's own error body, a list of `error` (as its 400 and 404 responses declare), plus a required `code` in its items.",
      ],
      [
        at('/employees', 'get', '404', 'schema'),
        'GET /employees 404: the application/json error schema is a bare array of `error` items, with no field for a code. Add a required `code` to `error`: an object in place of the list would break its clients.',
      ],
    ]);
  });

  test('the list offered, with the code in its items, clears the missing body: the 403 then reads as the 400 and 404 do', async () => {
    const fixed = paylocity({ description: 'Forbidden', schema: LIST }) as { definitions: { error: object } };
    fixed.definitions.error = { ...ITEM, required: ['code'], properties: { ...ITEM.properties, code: { type: 'string' } } };
    const results = await runRule(SCHEMA_RULE, fixed);
    // What is left is the question every bare list is asked (an object for the whole failure), the same on each status.
    expect(results.map(result => result.path)).toEqual(['400', '403', '404'].map(status => at('/employees', 'get', status, 'schema')));
    expect(new Set(results.map(result => result.message.replace(/ 40\d:/, ':'))).size).toBe(1);
  });
});

/** openSUSE's `status`: an XML document (`xml: { name: status }`, `code` an attribute) with a code and a summary. */
const STATUS = {
  type: 'object',
  xml: { name: 'status' },
  properties: { code: { type: 'string', xml: { attribute: true } }, summary: { type: 'string' }, details: { type: 'string' } },
};
const XML = 'application/xml; charset=utf-8';
const trackers = (notFound: object, schemas: object = { status: STATUS }) =>
  oas3({ '/issue_trackers/{name}': { get: { responses: { '200': { description: 'OK' }, '404': notFound } } } }, { schemas });
const TRACKER_404 = at('/issue_trackers/{name}', 'get', '404');
const XML_BESIDE =
  'GET /issue_trackers/{name} 404: the error response offers only application/xml; charset=utf-8, no JSON: its application/xml; charset=utf-8 schema describes an XML document. Add an `application/json` body beside it with the same members, chosen by `Accept`; your handler must then send it.';

describe('an XML document is not a JSON body filed under an XML type (openSUSE)', () => {
  test('a schema that maps to XML is asked for a JSON body beside it, not to be relabelled', async () => {
    const results = await runRuleSaid(SCHEMA_RULE, trackers(body(ref('status'), XML, 'Not Found.')));
    expect(results.map(result => [result.path, result.message, result.messageId])).toEqual([[TRACKER_404, XML_BESIDE, 'xmlBeside']]);
  });

  test('so is a schema without `xml` whose response names its XML Schema, in Swagger 2.0 too', async () => {
    const plain = { type: 'object', properties: { code: { type: 'string' }, summary: { type: 'string' } } };
    const described = 'Not Found.\n\nXML Schema used for body validation: [status.xsd](../schema/status.xsd)\n';
    const [oas] = await runRuleSaid(SCHEMA_RULE, trackers(body(ref('plain'), XML, described), { plain }));
    expect(oas.message).toBe(XML_BESIDE);
    const swagger = swagger2({
      '/issue_trackers/{name}': {
        get: { produces: ['application/xml'], responses: { '200': { description: 'OK' }, '404': { description: 'Not Found', schema: STATUS } } },
      },
    });
    const [result] = await runRuleSaid(SCHEMA_RULE, swagger);
    expect(result.message).toBe(
      'GET /issue_trackers/{name} 404: the error response offers only application/xml, no JSON: its application/xml schema describes an XML document. Add an `application/json` body beside it with the same members, chosen by `Accept`; your handler must then send it.',
    );
  });

  test('a lookalike: a JSON error schema under an XML type, with no XML mapping or XML Schema named, is still told to be offered as JSON', async () => {
    const plain = { type: 'object', properties: { code: { type: 'string' }, summary: { type: 'string' } } };
    const [result] = await runRuleSaid(SCHEMA_RULE, trackers(body(ref('plain'), 'application/xml', 'Not Found.'), { plain }));
    expect(result.message).toBe(
      'GET /issue_trackers/{name} 404: the error response offers only application/xml, no JSON, though its application/xml schema is a JSON error body. Offer it as `application/json`.',
    );
  });

  test('the JSON body added beside the XML one clears the finding', async () => {
    const both = { description: 'Not Found.', content: { [XML]: { schema: ref('status') }, 'application/json': { schema: ref('status') } } };
    expect(await runRule(SCHEMA_RULE, trackers(both))).toEqual([]);
  });
});

/** Water Linked's `{ success, error }`: the 200's body, answered by the 500 too; `error` is "Error if it occurs". */
const operationResponse = (error: object) => ({
  type: 'object',
  required: ['success'],
  properties: { error: { type: 'string', ...error }, success: { type: 'boolean', description: 'Status of operation', example: false } },
});
const waterlinked = (error: object) =>
  oas3(
    {
      '/reset': {
        post: { responses: { '200': body(ref('OperationResponse')), '500': body(ref('OperationResponse'), 'application/json', 'Internal Server Error') } },
      },
    },
    { schemas: { OperationResponse: operationResponse(error) } },
  );
// The 500 shares the schema with the 200: the members go into a schema of the error's own (as the fourth sample's classes made it).
const RESET_NO_CODE =
  '`OperationResponse` (used by 1 of 2 responses): has no code and does not require `error` (`error` is the message). Add a required `code` (e.g. "INTERNAL_ERROR"). Require `error` in the schema; your error handler must then send them. Only in `OperationResponseWithError` (`allOf` of `OperationResponse`).';

describe("a message under the API's own name is read as the message (Water Linked, DigitalNZ)", () => {
  test('a string `error` whose example is an error sentence is the message: the body its success also answers is kept, a code added', async () => {
    const document = waterlinked({ description: 'Error if it occurs', example: 'something went wrong' });
    expect(await runRule(SCHEMA_RULE, document)).toEqual([]);
    const results = await runRuleSaid('ax-recoverable-error-structure', document);
    expect(results.map(result => result.message)).toEqual([RESET_NO_CODE]);
  });

  test('so is one described as the error, without an example', async () => {
    const results = await runRuleSaid('ax-recoverable-error-structure', waterlinked({ description: 'Error if it occurs' }));
    expect(results.map(result => result.message)).toEqual([RESET_NO_CODE]);
  });

  test('lookalikes: an `error` with no sentence and no description as the error is not clearly the message; the success body is still told to be replaced', async () => {
    for (const error of [{}, { description: 'Status text', example: 'Server Error' }]) {
      const results = await runRuleSaid(SCHEMA_RULE, waterlinked(error));
      expect(results.map(result => result.messageId)).toEqual(['successBody']);
    }
  });

  test('the code added and `error` required leave nothing to report on the 500', async () => {
    const fixed = waterlinked({ description: 'Error if it occurs', example: 'something went wrong' }) as {
      components: { schemas: { OperationResponse: object } };
    };
    const schema = operationResponse({ description: 'Error if it occurs', example: 'something went wrong' });
    fixed.components.schemas.OperationResponse = {
      ...schema,
      required: ['success', 'code', 'error'],
      properties: { ...schema.properties, code: { type: 'string', example: 'INTERNAL_ERROR' } },
    };
    expect(await runRule('ax-recoverable-error-structure', fixed)).toEqual([]);
    expect(await runRule(SCHEMA_RULE, fixed)).toEqual([]);
  });

  /** DigitalNZ's 404: an open object whose example sends the message as a string `errors`. */
  const digitalnz = (errors: unknown) =>
    oas3({
      '/records/{id}': {
        get: { responses: { '200': { description: 'OK' }, '404': body({ type: 'object', example: { errors } }, 'application/json', 'Resource not found') } },
      },
    });

  test('a string `errors` an example sends as a sentence is the message to require, beside a code', async () => {
    const results = await runRuleSaid('ax-recoverable-error-structure', digitalnz('Record with ID 12 was not found'));
    expect(results.map(result => [result.path, result.message])).toEqual([
      [
        at('/records/{id}', 'get', '404', 'content', 'application/json', 'schema'),
        'GET /records/{id} 404: the error schema has no code and no message. Add a required `code` (e.g. "NOT_FOUND") and a required `errors`, as its example sends; your error handler must then send them.',
      ],
    ]);
    // The fix applied: `errors` declared and required as the message, a code beside it.
    const fixed = digitalnz('Record with ID 12 was not found') as { paths: Record<string, { get: { responses: Record<string, { content: object }> } }> };
    const schema = {
      type: 'object',
      required: ['code', 'errors'],
      properties: { code: { type: 'string', example: 'NOT_FOUND' }, errors: { type: 'string', example: 'Record with ID 12 was not found' } },
      example: { code: 'NOT_FOUND', errors: 'Record with ID 12 was not found' },
    };
    fixed.paths['/records/{id}'].get.responses['404'].content = { 'application/json': { schema } };
    expect(await runRule('ax-recoverable-error-structure', fixed)).toEqual([]);
    expect(await runRule(SCHEMA_RULE, fixed)).toEqual([]);
  });

  test('a lookalike: `errors` sending a list is not the message; a `message` is added', async () => {
    const [result] = await runRuleSaid('ax-recoverable-error-structure', digitalnz([{ field: 'id' }]));
    expect(result.message).toBe(
      'GET /records/{id} 404: the error schema has no code and no message. Add a required `code` (e.g. "NOT_FOUND") and a required `message`; your error handler must then send them.',
    );
  });
});

/** Learnifier's `POST /users`: the 409 ("already existed") answers the 200's `AddUserResponse { userId }`, the existing user. */
const ADD_USER = { type: 'object', properties: { userId: { type: 'string', format: 'uuid', description: 'The user id' } } };
const LEARNIFIER_ERROR = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, field: { type: 'string' }, message: { type: 'string' } },
};
const learnifier = (
  conflict = 'A user with the same primary email already existed.',
  schemas: object = { AddUserResponse: ADD_USER, Error: LEARNIFIER_ERROR },
) =>
  oas3(
    {
      '/users': {
        post: {
          responses: {
            '200': body(ref('AddUserResponse')),
            '409': body(ref('AddUserResponse'), 'application/json', conflict),
            ...('Error' in schemas ? { default: body(ref('Error')), '400': body(ref('Error')) } : {}),
          },
        },
      },
    },
    { schemas },
  );
const USERS_409 = at('/users', 'post', '409', 'content', 'application/json', 'schema');

describe('a conflict answering the existing resource keeps it (Learnifier)', () => {
  test("the body its success answers is kept, with the API's error schema beside it in an `allOf` named after it", async () => {
    const results = await runRuleSaid(SCHEMA_RULE, learnifier());
    expect(results.map(result => [result.path, result.message, result.messageId])).toEqual([
      [
        USERS_409,
        "POST /users 409: the application/json error schema is `AddUserResponse`, the body of its 200 response, with no code and no message. Keep `userId`, which clients read: answer `AddUserResponseWithError`, an `allOf` of it and `$ref: '#/components/schemas/Error'`.",
        'successKept',
      ],
    ]);
  });

  test('with no error schema of the API, a code and a message are what the `allOf` adds', async () => {
    const [result] = await runRuleSaid(SCHEMA_RULE, learnifier(undefined, { AddUserResponse: ADD_USER }));
    expect(result.message).toBe(
      'POST /users 409: the application/json error schema is `AddUserResponse`, the body of its 200 response, with no code and no message. Keep `userId`, which clients read: answer `AddUserResponseWithError`, an `allOf` of it and a required `code` and `message`.',
    );
  });

  test('so in Swagger 2.0', async () => {
    const users = {
      post: {
        produces: ['application/json'],
        responses: {
          '200': { description: 'OK', schema: { $ref: '#/definitions/AddUserResponse' } },
          '409': { description: 'A user with this email already exists.', schema: { $ref: '#/definitions/AddUserResponse' } },
        },
      },
    };
    const [result] = await runRuleSaid(SCHEMA_RULE, swagger2({ '/users': users }, { definitions: { AddUserResponse: ADD_USER } }));
    expect(result.messageId).toBe('successKept');
    expect(result.path).toEqual(at('/users', 'post', '409', 'schema'));
  });

  test('a lookalike: a 409 not described as an existence conflict is still told to answer the error schema', async () => {
    const [result] = await runRuleSaid(SCHEMA_RULE, learnifier('The user is locked.'));
    expect(result.message).toBe(
      "POST /users 409: the application/json error schema is `AddUserResponse`, the body of its 200 response, with no code and no message. Answer the API's error schema, `$ref: '#/components/schemas/Error'` instead.",
    );
  });

  test('the `allOf` answered clears the finding, no other error rule fires on it, and the 200 keeps its body', async () => {
    const fixed = learnifier() as { paths: { '/users': { post: { responses: Record<string, object> } } }; components: { schemas: Record<string, object> } };
    fixed.components.schemas.AddUserResponseWithError = { allOf: [ref('AddUserResponse'), ref('Error')] };
    fixed.paths['/users'].post.responses['409'] = body(
      ref('AddUserResponseWithError'),
      'application/json',
      'A user with the same primary email already existed.',
    );
    expect(await runRule(SCHEMA_RULE, fixed)).toEqual([]);
    expect(await runRule('ax-recoverable-error-structure', fixed)).toEqual([]);
    expect(fixed.paths['/users'].post.responses['200']).toEqual(body(ref('AddUserResponse')));
  });
});
