/**
 * The error-body classes of the tenth blind sample (issue 38): a framework's default error body recognised by the
 * evidence its generator leaves where the earlier recognition missed it (Swashbuckle 5's `deprecated: false` on every
 * operation, Highways England's WebTRIS; Flask-RESTX's `ParseError` and `MaskError` responses, CIRCL hashlookup), and the
 * API's error member inside the envelope every success carries (HHS Media Services' `meta.messages[]`).
 */
import { fixedLikeGeneric } from './support/error-body-fixes';
import { at, body, oas3, ref, swagger2 } from './support/documents';
import { runRuleSaid } from './support/testRule';

const RULE = 'ax-recoverable-error-schema';

const messageAt = async (document: object, path: string[]) =>
  (await runRuleSaid(RULE, document)).find(result => JSON.stringify(result.path) === JSON.stringify(path))?.message;
const GENERIC = 'an object schema requiring a `code` and a `message`.';

const DAILY = { type: 'object', properties: { Row_Count: { type: 'integer' }, Qualities: { type: 'array', items: { type: 'object' } } } };
/** Highways England's WebTRIS (Swashbuckle 5 on Web API 2, converted): `Controller_Action` ids, `deprecated: false` on each, `application/json` alone. */
const webTrisOperation = (operationId: string, success: object, deprecated?: boolean) => ({
  ...(deprecated === undefined ? {} : { deprecated }),
  operationId,
  responses: { '200': body(success, 'application/json', ''), '400': { description: 'Bad request' }, '500': { description: 'Internal Server Error' } },
});
const webTris = (ids = ['Quality_GetDailyDataQualityForSite', 'Sites_Index'], deprecated: (boolean | undefined)[] = [false, false]) =>
  oas3(
    {
      '/v{version}/quality/daily': { get: webTrisOperation(ids[0], ref('DailyQualityResponse'), deprecated[0]) },
      '/v{version}/sites': { get: webTrisOperation(ids[1], { allOf: [ref('DailyQualityResponse')] }, deprecated[1]) },
    },
    { schemas: { DailyQualityResponse: DAILY } },
  );
const DAILY_500 = at('/v{version}/quality/daily', 'get', '500');
const WEB_API_2 =
  'the body ASP.NET Web API 2 sends, `HttpError` `{ Message }` (a 400 from model validation adds `ModelState`), plus a required `Code` (beside `Message`, in its PascalCase).';

describe("ASP.NET Web API 2's `HttpError`, recognised by Swashbuckle 5's `deprecated: false` on every operation (Highways England)", () => {
  test('OpenAPI 3 (`$ref` and `allOf` successes under `application/json` alone): `HttpError { Message }` plus a `Code`', async () => {
    expect(await messageAt(webTris(), DAILY_500)).toBe(
      `GET /v{version}/quality/daily 500: the error response declares no body. Add \`content: { application/json: { schema } }\`: ${WEB_API_2}`,
    );
  });

  test('Swagger 2.0: the same body, as a `schema`', async () => {
    const operation = (operationId: string) => ({
      deprecated: false,
      operationId,
      produces: ['application/json'],
      responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/DailyQualityResponse' } }, '500': { description: 'Internal Server Error' } },
    });
    const document = swagger2(
      { '/v1/quality/daily': { get: operation('Quality_GetDailyDataQualityForSite') }, '/v1/sites': { get: operation('Sites_Index') } },
      { definitions: { DailyQualityResponse: DAILY } },
    );
    expect(await messageAt(document, at('/v1/quality/daily', 'get', '500'))).toBe(
      `GET /v1/quality/daily 500: the error response declares no body. Add a \`schema\`: ${WEB_API_2}`,
    );
  });

  test('the body offered, `{ Message, Code }` both required, clears the finding and adds what the generic body would, no more', async () => {
    const httpError = { type: 'object', required: ['Message', 'Code'], properties: { Message: { type: 'string' }, Code: { type: 'string' } } };
    expect(await fixedLikeGeneric(webTris(), DAILY_500, httpError)).toEqual(['ax-recoverable-retryable-flag', 'ax-recoverable-trace-id']);
  });

  test("a lookalike: `Resource_Operation` ids with no `deprecated` written (Azure's style) are any API's: the generic fix", async () => {
    expect(await messageAt(webTris(undefined, [undefined, undefined]), DAILY_500)).toContain(GENERIC);
  });

  test('a lookalike: `deprecated: false` on some operations only is no generator of every one: the generic fix', async () => {
    expect(await messageAt(webTris(undefined, [false, undefined]), DAILY_500)).toContain(GENERIC);
  });

  test("a lookalike: NestJS's `QualityController_GetDaily` keeps the controller's suffix, which Swashbuckle drops: NestJS's body, not `HttpError`", async () => {
    expect(await messageAt(webTris(['QualityController_GetDaily', 'SitesController_Index']), DAILY_500)).toContain(
      'the body NestJS sends, `{ statusCode, message, error }`',
    );
  });
});

/** CIRCL hashlookup: Flask-RESTX's two mask error handlers written as responses, no `X-Fields` header, no error body anywhere. */
const MASK_RESPONSES = { MaskError: { description: 'When any error occurs on mask' }, ParseError: { description: "When a mask can't be parsed" } };
const lookup = { operationId: 'get_lookup_sha256', responses: { '200': { description: 'Success' }, '400': { description: 'SHA-256 value incorrect' } } };
const hashlookup = (responses: object = MASK_RESPONSES) => oas3({ '/lookup/sha256/{sha256}': { get: lookup } }, { responses });
const LOOKUP_400 = at('/lookup/sha256/{sha256}', 'get', '400');
const FLASK = 'the body Flask-RESTX sends, `{ message }` (a validation 400 adds `errors`, a map of fields), plus a required `code`, with `message` required.';

describe("Flask-RESTX's `{ message }`, recognised by its `ParseError` and `MaskError` responses (CIRCL hashlookup)", () => {
  test('OpenAPI 3 (`components.responses`): `{ message }` plus a `code`', async () => {
    expect(await messageAt(hashlookup(), LOOKUP_400)).toBe(
      `GET /lookup/sha256/{sha256} 400: the error response declares no body. Add \`content: { application/json: { schema } }\`: ${FLASK}`,
    );
  });

  test('Swagger 2.0 (top-level `responses`): the same body, as a `schema`', async () => {
    const document = swagger2({ '/lookup/sha256/{sha256}': { get: lookup } }, { responses: MASK_RESPONSES });
    expect(await messageAt(document, LOOKUP_400)).toBe(`GET /lookup/sha256/{sha256} 400: the error response declares no body. Add a \`schema\`: ${FLASK}`);
  });

  test('the body offered, `{ message, code }` both required, clears the finding and adds what the generic body would, no more', async () => {
    const flask = { type: 'object', required: ['message', 'code'], properties: { message: { type: 'string' }, code: { type: 'string' } } };
    expect(await fixedLikeGeneric(hashlookup(), LOOKUP_400, flask)).toEqual([
      'ax-recoverable-field-details',
      'ax-recoverable-retryable-flag',
      'ax-recoverable-suggestion',
    ]);
  });

  test("a lookalike: a `ParseError` response of the API's own (another description) is no Flask-RESTX handler: the generic fix", async () => {
    expect(await messageAt(hashlookup({ ...MASK_RESPONSES, ParseError: { description: 'The query could not be parsed' } }), LOOKUP_400)).toContain(GENERIC);
  });

  test('a lookalike: `MaskError` alone is not both handlers: the generic fix', async () => {
    expect(await messageAt(hashlookup({ MaskError: MASK_RESPONSES.MaskError }), LOOKUP_400)).toContain(GENERIC);
  });
});

/** HHS Media Services: every success wrapped with `meta: Meta`, whose `messages[]` are `Message { errorCode, errorMessage, … }`. */
const string = { type: 'string' };
const hhsSchemas = (
  message: object = { type: 'object', properties: { errorCode: string, errorMessage: string, errorDetail: string, userMessage: string } },
) => ({
  Meta: { type: 'object', properties: { messages: { type: 'array', items: ref('Message') }, status: { type: 'integer' } } },
  Message: message,
  Wrapped: { type: 'object', properties: { callback: string, meta: ref('Meta') } },
  SourceWrapped: { type: 'object', properties: { callback: string, meta: ref('Meta'), results: { type: 'array', items: { type: 'object' } } } },
  CampaignWrapped: { allOf: [ref('Wrapped'), { type: 'object', properties: { results: { type: 'array', items: { type: 'object' } } } }] },
});
const hhsRead = (success: object, error: string) => ({
  get: { responses: { '200': body(success, 'application/json', 'OK'), [error]: { description: error === '400' ? 'Invalid ID' : 'Internal Server Error' } } },
});
const hhs = (schemas: object = hhsSchemas(), extra: object = {}) =>
  oas3(
    {
      '/resources/sources.json': hhsRead({ type: 'array', items: ref('SourceWrapped') }, '400'),
      '/resources/sources/{id}.json': hhsRead(ref('SourceWrapped'), '500'),
      '/resources/campaigns.json': hhsRead(ref('CampaignWrapped'), '400'),
      '/resources/campaigns/{id}.json': hhsRead(ref('CampaignWrapped'), '500'),
      ...extra,
    },
    { schemas },
  );
const SOURCES_400 = at('/resources/sources.json', 'get', '400');
/** Two more successes that are plain text: four of six bodies carry `meta`. */
const TEXT_READS = { '/resources/{id}/embed.html': hhsRead(string, '400'), '/resources/{id}/content': hhsRead(string, '500') };

describe("the API's error member inside the envelope its successes carry (HHS Media Services' `meta.messages[]`)", () => {
  test('OpenAPI 3 (`$ref`, `allOf`, a list of it): every body carries `meta: Meta`, so the envelope is offered with its code and message required', async () => {
    expect(await messageAt(hhs(), SOURCES_400)).toBe(
      'GET /resources/sources.json 400: the error response declares no body, and every response of the API with a body carries `meta: Meta`. Add `content: { application/json: { schema } }`: `{ meta: Meta }`, requiring `errorCode` and `errorMessage` in its `messages` items.',
    );
  });

  test('most bodies, not nearly all, carry it: asked, with the generic body as the alternative', async () => {
    expect(await messageAt(hhs(undefined, TEXT_READS), SOURCES_400)).toBe(
      "GET /resources/sources.json 400: the error response declares no body, and 4 of the API's 6 responses with a body carry `meta: Meta`. If errors come in `meta.messages`, answer `{ meta: Meta }` requiring `errorCode` and `errorMessage` in its items; else add `content: { application/json: { schema } }`: an object schema requiring a `code` and a `message`.",
    );
  });

  test('Swagger 2.0 (`definitions`): the same envelope, as a `schema`', async () => {
    const toDefinitions = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replaceAll('#/components/schemas/', '#/definitions/'));
    const read = (schema: object, error: string) => ({
      get: { produces: ['application/json'], responses: { '200': { description: 'OK', schema }, [error]: { description: 'Error' } } },
    });
    const document = swagger2(
      toDefinitions({
        '/resources/sources.json': read({ type: 'array', items: ref('SourceWrapped') }, '400'),
        '/resources/sources/{id}.json': read(ref('SourceWrapped'), '500'),
        '/resources/campaigns.json': read(ref('CampaignWrapped'), '400'),
        '/resources/campaigns/{id}.json': read(ref('CampaignWrapped'), '500'),
      }) as object,
      { definitions: toDefinitions(hhsSchemas()) },
    );
    expect(await messageAt(document, SOURCES_400)).toBe(
      'GET /resources/sources.json 400: the error response declares no body, and every response of the API with a body carries `meta: Meta`. Add a `schema`: `{ meta: Meta }`, requiring `errorCode` and `errorMessage` in its `messages` items.',
    );
  });

  test('the envelope offered, `meta.messages[]` requiring `errorCode` and `errorMessage`, clears the finding and adds what the generic body would, no more', async () => {
    const messages = { type: 'array', items: { allOf: [ref('Message'), { required: ['errorCode', 'errorMessage'] }] } };
    const offered = { type: 'object', required: ['meta'], properties: { meta: { type: 'object', required: ['messages'], properties: { messages } } } };
    expect(await fixedLikeGeneric(hhs(), SOURCES_400, offered)).toEqual([
      'ax-recoverable-field-details',
      'ax-recoverable-retryable-flag',
      'ax-recoverable-suggestion',
    ]);
  });

  test("a lookalike: a `meta` whose messages have no code (`{ text }`) is a success's notes: the generic fix", async () => {
    expect(await messageAt(hhs(hhsSchemas({ type: 'object', properties: { text: string, userMessage: string } })), SOURCES_400)).toContain(GENERIC);
  });

  test('a lookalike: `meta` carried by half the bodies only is no envelope of the API: the generic fix', async () => {
    const halfText = { ...TEXT_READS, '/resources/{id}/thumbnail': hhsRead(string, '400'), '/resources/{id}/syndicate': hhsRead(string, '500') };
    expect(await messageAt(hhs(undefined, halfText), SOURCES_400)).toContain(GENERIC);
  });
});

describe('a `messages[]` of error items is an error list (the offered envelope is read where it carries the code and message)', () => {
  const answeredWith = (items: object) =>
    hhs(undefined, {
      '/resources/tags.json': {
        get: {
          responses: {
            '200': body(ref('SourceWrapped')),
            '400': body({ type: 'object', properties: { meta: { type: 'object', properties: { messages: { type: 'array', items } } } } }),
          },
        },
      },
    });

  test('must fire: `meta.messages[]` items that leave the code and message optional are asked to require them', async () => {
    const results = await runRuleSaid('ax-recoverable-error-structure', answeredWith(ref('Message')));
    expect(results.map(({ path, message }) => [path, message])).toEqual([
      [
        [...at('/resources/tags.json', 'get', '400'), 'content', 'application/json', 'schema'],
        'GET /resources/tags.json 400: the error schema does not require `errorCode` or `errorMessage` in its `meta.messages[]` items. Require `errorCode` and `errorMessage` in the `meta.messages[]` items; your error handler must then send them.',
      ],
    ]);
  });

  test('must stay silent: items requiring them', async () => {
    const items = { allOf: [ref('Message'), { required: ['errorCode', 'errorMessage'] }] };
    expect(await runRuleSaid('ax-recoverable-error-structure', answeredWith(items))).toEqual([]);
  });

  test('a lookalike: a `messages[]` of strings is no list of errors: the body is asked for its own code and message', async () => {
    const [result] = await runRuleSaid('ax-recoverable-error-structure', answeredWith(string));
    expect(result.message).toContain('the error schema has no code and no message');
  });
});
