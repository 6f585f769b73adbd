/**
 * ax-envelope-next-steps on the classes of the eighth blind sample (issue 38): a POST or PUT that only reads or computes,
 * known by what its answer leaves behind (Mandrill's `POST /urls/search.json`, ShipEngine's `parse_address`, i-Cue's
 * forecasts), asked about when only some signs hold; and a shared response that a read answers too (Gérer Mes Affaires'
 * `Mailing`), for which the mutation gets a response of its own.
 */
import { at, body, JSON_SCHEMA, oas3, ref, swagger2 } from './support/documents';
import { fixAndRelint, runRuleSaid, runRuleWithEdits } from './support/testRule';
import { fixOnly } from './support/fix-only';

const RULE = 'ax-envelope-next-steps';
const STEP = '[{ action, method, href, description }] (all required, `method` an HTTP-method enum)';
const messagesOf = async (document: object) => (await runRuleSaid(RULE, document)).map(({ path, message }) => [path.join(' '), message]);
const inBody = (path: string, method = 'post', status = '200') => at(path, method, status, ...JSON_SCHEMA).join(' ');

/** Mandrill's `url_infos`: the clicks of each URL, no id. */
const URL_INFOS = {
  type: 'array',
  items: { type: 'object', properties: { url: { type: 'string' }, sent: { type: 'integer' }, clicks: { type: 'integer' } } },
};
const SEARCH = { type: 'object', properties: { query: { type: 'string' } } };
/** Mandrill's RPC API: every call a POST, described by what it returns. */
const mandrill = (answer: object, paths: object = {}, responses: object = {}) =>
  oas3(
    {
      '/urls/search.json': {
        post: {
          description: 'Return the 100 most clicked URLs that match the search query given',
          requestBody: { content: { 'application/json': { schema: SEARCH } } },
          responses: { '200': body(answer), ...responses },
        },
      },
      ...paths,
    },
    { schemas: { url_infos: URL_INFOS } },
  );

describe('a POST or PUT whose answer leaves nothing to address, with a reading or computing verb: a read', () => {
  test('OpenAPI 3.0 `$ref`: "Return the 100 most clicked URLs …" answering a list without ids is silent', async () => {
    expect(await messagesOf(mandrill(ref('url_infos')))).toEqual([]);
  });

  test('lookalike: the same search saving what it finds, answering an `id` that `/searches/{id}` takes, is asked for steps', async () => {
    const saved = { type: 'object', properties: { id: { type: 'string' }, urls: URL_INFOS } };
    const document = mandrill(saved, { '/searches/{id}': { get: { responses: { '200': body(saved) } } } });
    expect(await messagesOf(document)).toEqual([
      [inBody('/urls/search.json'), `POST /urls/search.json 200: no \`nextSteps\`. Add \`nextSteps\`: ${STEP} to the application/json schema.`],
    ]);
  });

  test('lookalike: the same search answering a `Location` is asked (the array, with no room for steps)', async () => {
    const document = mandrill(ref('url_infos'));
    (document as { paths: Record<string, { post: { responses: { '200': { headers?: object } } } }> }).paths['/urls/search.json'].post.responses['200'].headers =
      {
        Location: { schema: { type: 'string' } },
      };
    expect((await runRuleSaid(RULE, document)).map(result => result.messageId)).toEqual(['noRoomForSteps']);
  });

  /** ShipEngine's `parse_address`: a PUT that extracts an address from text, and the addresses it keeps. */
  const shipengine = (operationId: string, answer: object) =>
    oas3(
      {
        '/v1/addresses/recognize': {
          put: {
            operationId,
            description: 'The address-recognition API makes it easy for you to extract address data from unstructured text.',
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { text: { type: 'string' } } } } } },
            responses: { '200': body(answer) },
          },
        },
        '/v1/addresses/{address_id}': { get: { responses: { '200': body(ref('address')) } } },
      },
      {
        schemas: {
          parsed: { type: 'object', properties: { score: { type: 'number' }, address: { allOf: [ref('partial_address')] } } },
          partial_address: { type: 'object', properties: { city_locality: { type: 'string' } } },
          address: { type: 'object', properties: { address_id: { type: 'string' }, city_locality: { type: 'string' } } },
        },
      },
    );

  test('a PUT named `parse_address` answering a result of its own (`allOf` inside) is silent', async () => {
    expect(await messagesOf(shipengine('parse_address', ref('parsed')))).toEqual([]);
  });

  test('lookalike: the same PUT answering the address a path keeps (its `address_id`) is asked for steps, in its own envelope', async () => {
    expect((await runRuleSaid(RULE, shipengine('parse_address', ref('address')))).map(result => [result.path.join(' '), result.messageId])).toEqual([
      [inBody('/v1/addresses/recognize', 'put'), 'noStepsAnswerEnvelope'],
    ]);
  });

  test("lookalike: a PUT named like a read answering what its path's GET answers (Yodlee's `verifyChallengeDeposit`) is a change", async () => {
    const document = shipengine('verify_address', ref('parsed')) as { paths: Record<string, object> };
    document.paths['/v1/addresses/recognize'] = { ...document.paths['/v1/addresses/recognize'], get: { responses: { '200': body(ref('parsed')) } } };
    expect((await runRuleSaid(RULE, document)).map(result => result.messageId)).toEqual(['noStepsAnswerEnvelope']);
  });

  test('lookalike: a PUT named `update_address` answering the same result is a change', async () => {
    expect((await runRuleSaid(RULE, shipengine('update_address', ref('parsed')))).map(result => result.messageId)).toEqual(['noSteps']);
  });

  /** i-Cue's forecasts, in Swagger 2.0: "Reponse provides history and forecast per timeseries". */
  const icue = (description: string, answer: object = { $ref: '#/definitions/HistoryAndForecastResponse' }) =>
    swagger2(
      {
        '/forecast/history-and-forecast': {
          post: {
            summary: 'History and forecast for fast timeseries view',
            description,
            parameters: [{ in: 'body', name: 'body', schema: { type: 'object', properties: { planningLevelId: { type: 'string' } } } }],
            responses: { '200': { description: 'Success', schema: answer } },
          },
        },
      },
      {
        definitions: {
          HistoryAndForecastResponse: {
            allOf: [
              { type: 'object', properties: { timeSeries: { type: 'array', items: { type: 'object' } } } },
              { properties: { hyperparameters: { type: 'object' } } },
            ],
          },
        },
      },
    );

  test('Swagger 2.0 `allOf`: a description that says what the response provides, answering a result of its own, is silent', async () => {
    expect(await messagesOf(icue('Reponse provides history and forecast per timeseries. Great for visualizing results.'))).toEqual([]);
  });

  test('lookalike: a description that says it stores the forecast is a change', async () => {
    expect(await messagesOf(icue('Stores the history and forecast per timeseries.'))).toEqual([
      [
        'definitions HistoryAndForecastResponse',
        `\`HistoryAndForecastResponse\` (used by POST /forecast/history-and-forecast 200): no \`nextSteps\`. Add \`nextSteps\`: ${STEP} to the application/json schema.`,
      ],
    ]);
  });
});

describe('some signs of a computation, not all: asked, not asserted', () => {
  /** i-Cue's `file-to-json`: its answer holds `planningLevelId`, which `/report/performance/{planningLevelId}` takes. */
  const fileToJson = (summary: string, extension: object = {}) =>
    oas3(
      {
        '/administration/file-to-json': {
          post: { summary, ...extension, responses: { '200': body(ref('JsonForecastResponse')) } },
        },
        '/report/performance/{planningLevelId}': { get: { responses: { '200': body({ type: 'object', properties: { score: { type: 'number' } } }) } } },
      },
      {
        schemas: {
          JsonForecastResponse: {
            type: 'object',
            properties: { data: { type: 'array', items: { type: 'object' } }, planningLevelId: { type: 'string' }, startDate: { type: 'string' } },
          },
        },
      },
    );
  const ASKED =
    'POST /administration/file-to-json 200: no `nextSteps`, but it may only compute (named "Transform data file to JSON format"; its answer holds `planningLevelId`). If so, mark it `x-ax-read-only: true`; else add `nextSteps` for the next calls.';

  test('a computing verb whose answer holds a member a path takes: asked, on the operation, and `fix` edits nothing', async () => {
    const document = fileToJson('Transform data file to JSON format');
    expect(await messagesOf(document)).toEqual([[inBody('/administration/file-to-json'), ASKED]]);
    expect([...(await runRuleWithEdits(RULE, document)).edits.values()].flat()).toEqual([]);
  });

  test('`x-ax-read-only: true` answers the question; `false` asserts the steps', async () => {
    expect(await messagesOf(fileToJson('Transform data file to JSON format', { 'x-ax-read-only': true }))).toEqual([]);
    expect((await runRuleSaid(RULE, fileToJson('Transform data file to JSON format', { 'x-ax-read-only': false }))).map(result => result.messageId)).toEqual([
      'noSteps',
    ]);
  });

  test('lookalike: a writing verb ("Upload a data file") is a change, not asked', async () => {
    expect((await runRuleSaid(RULE, fileToJson('Upload a data file'))).map(result => result.messageId)).toEqual(['noSteps']);
  });
});

describe('a shared response that a read answers too: the mutation gets its own', () => {
  /** Gérer Mes Affaires: `POST …/mailing` ("send by mail a document") and `GET …/mailingprice` both answer `components/responses/Mailing`. */
  const MAILING = {
    description: 'A list of documents of the folder',
    content: { 'application/json': { schema: { type: 'object', properties: { PageNb: { type: 'number' }, Price: { type: 'string' } } } } },
  };
  const DOCUMENT = '/spaces/{spaceId}/documents/{documentId}';
  const gerer = (openapi = '3.0.3') =>
    oas3(
      {
        [`${DOCUMENT}/mailing`]: {
          post: {
            description: 'send by mail a document',
            'x-ax-retryable': false,
            'x-ax-idempotent': false,
            responses: { '200': ref('Mailing', 'responses') },
          },
        },
        [`${DOCUMENT}/mailingprice`]: {
          get: { description: 'returns the number of pages and the price of the pdf to send by mail', responses: { '200': ref('Mailing', 'responses') } },
        },
      },
      { responses: { Mailing: MAILING } },
      openapi,
    );

  test.each([['3.0.3'], ['3.1.0']])('OpenAPI %s: the POST is told to answer `MailingWithNextSteps`, on its own response', async openapi => {
    expect(await messagesOf(gerer(openapi))).toEqual([
      [
        `paths ${DOCUMENT}/mailing post responses 200`,
        `POST ${DOCUMENT}/mailing 200: no \`nextSteps\`. Answer an \`allOf\` of \`Mailing\` and \`nextSteps\`: ${STEP}.`,
      ],
    ]);
  });

  test('`fix` declares `MailingWithNextSteps` and points the POST at it; `Mailing` and the GET stay as they are', async () => {
    const { before, after, fixed } = await fixAndRelint(RULE, gerer());
    expect(before).toHaveLength(1);
    expect(after).toEqual([]);
    const { components, paths } = fixed as { components: { responses: Record<string, unknown> }; paths: Record<string, Record<string, { responses: object }>> };
    expect(components.responses).toEqual({
      Mailing: MAILING,
      MailingWithNextSteps: {
        description: MAILING.description,
        content: {
          'application/json': {
            schema: {
              allOf: [
                { $ref: '#/components/responses/Mailing/content/application~1json/schema' },
                { type: 'object', properties: { nextSteps: { type: 'array', items: ref('NextStep') } } },
              ],
            },
          },
        },
      },
    });
    expect(paths[`${DOCUMENT}/mailing`].post.responses).toEqual({ '200': ref('MailingWithNextSteps', 'responses') });
    expect(paths[`${DOCUMENT}/mailingprice`].get.responses).toEqual({ '200': ref('Mailing', 'responses') });
  });

  test('with every rule: `fix --only ax-envelope-next-steps` clears it and adds no finding of any rule', async () => {
    const { ran, before, after } = await fixOnly(gerer(), RULE);
    expect(ran.code).toBe(0);
    expect(before.filter(key => JSON.parse(key)[0] === RULE)).toHaveLength(1);
    expect(after).toEqual(before.filter(key => JSON.parse(key)[0] !== RULE));
  });

  test('lookalike: a shared response only mutations answer keeps the steps in the shared schema', async () => {
    const document = gerer() as { paths: Record<string, unknown> };
    delete document.paths[`${DOCUMENT}/mailingprice`];
    expect(await messagesOf(document)).toEqual([
      [
        'components responses Mailing content application/json schema',
        `\`Mailing\` (used by POST ${DOCUMENT}/mailing 200): no \`nextSteps\`. Add \`nextSteps\`: ${STEP} to the application/json schema.`,
      ],
    ]);
  });

  test("a shared response only the POST answers, naming a schema a read answers (Figma's `PostCommentResponse` → `Comment`): `CommentWithNextSteps` in that response", async () => {
    const COMMENT = { type: 'object', properties: { id: { type: 'string' }, message: { type: 'string' } } };
    const comments = '/v1/files/{file_key}/comments';
    const document = oas3(
      {
        [comments]: {
          get: { responses: { '200': body({ type: 'object', properties: { comments: { type: 'array', items: ref('Comment') } } }) } },
          post: { 'x-ax-retryable': false, 'x-ax-idempotent': false, responses: { '200': ref('PostCommentResponse', 'responses') } },
        },
      },
      { responses: { PostCommentResponse: body(ref('Comment')) }, schemas: { Comment: COMMENT } },
    );
    expect(await messagesOf(document)).toEqual([
      [`paths ${comments} post responses 200`, `POST ${comments} 200: no \`nextSteps\`. Answer an \`allOf\` of \`Comment\` and \`nextSteps\`: ${STEP}.`],
    ]);
    const { after, fixed } = await fixAndRelint(RULE, document);
    expect(after).toEqual([]);
    const { components } = fixed as { components: { responses: Record<string, typeof document>; schemas: Record<string, unknown> } };
    expect(components.responses.PostCommentResponse).toEqual(body(ref('CommentWithNextSteps')));
    expect(components.schemas.Comment).toEqual(COMMENT);
  });

  test('Swagger 2.0 `responses`: the same envelope, a response of its own', async () => {
    const document = swagger2(
      {
        [`${DOCUMENT}/mailing`]: { post: { description: 'send by mail a document', responses: { '200': { $ref: '#/responses/Mailing' } } } },
        [`${DOCUMENT}/mailingprice`]: { get: { responses: { '200': { $ref: '#/responses/Mailing' } } } },
      },
      { responses: { Mailing: { description: 'Price', schema: MAILING.content['application/json'].schema } } },
    );
    const { after, fixed } = await fixAndRelint(RULE, document);
    expect(after).toEqual([]);
    expect((fixed as { responses: object }).responses).toEqual({
      Mailing: { description: 'Price', schema: MAILING.content['application/json'].schema },
      MailingWithNextSteps: {
        description: 'Price',
        schema: {
          allOf: [
            { $ref: '#/responses/Mailing/schema' },
            { type: 'object', properties: { nextSteps: { type: 'array', items: { $ref: '#/definitions/NextStep' } } } },
          ],
        },
      },
    });
  });
});

describe('next-steps messages stay short: what is missing, where, the exact fix', () => {
  const post = (answer: object, status = '201', mediaType = 'application/json') => ({
    post: { 'x-ax-retryable': false, 'x-ax-idempotent': false, responses: { [status]: body(answer, mediaType) } },
  });
  const object = (properties: object) => ({ type: 'object', properties });
  const document = oas3(
    {
      '/orders': post(ref('Order')),
      '/shapes': post({ oneOf: [object({ a: { type: 'string' } }), object({ b: { type: 'string' } })] }),
      '/batches': post({ type: 'array', items: object({ n: { type: 'integer' } }) }, '200'),
      '/jobs': post(object({ href: { type: 'string' }, rel: { type: 'string' } }), '202'),
      '/tasks': post(object({ id: { type: 'string' }, actions: { type: 'array', items: object({ href: { type: 'string' } }) } })),
      '/uploads': post(object({ uploadUrl: { type: 'string', description: 'A presigned PUT URL which must be used to upload the file.' } })),
      '/servers': post(object({ id: { type: 'string' }, next_actions: { type: 'array', items: object({ command: { type: 'string' } }) } })),
      '/articles': post(object({ data: object({ id: { type: 'string' } }) }), '201', 'application/vnd.api+json'),
      '/items/{itemId}': { get: { responses: { '200': body(ref('Item')) } }, ...post(ref('Item'), '200') },
      '/administration/file-to-json': {
        post: { summary: 'Transform data file to JSON format', responses: { '200': body(object({ itemId: { type: 'string' } })) } },
      },
    },
    { schemas: { Order: object({ id: { type: 'string' } }), Item: object({ id: { type: 'string' } }) } },
  );

  test('every kind of finding, on a short path, is at most 240 characters', async () => {
    const said = await runRuleSaid(RULE, document);
    expect(said.map(result => result.messageId).sort()).toEqual([
      'bodyIsNextCall',
      'jsonApiWithoutNextCall',
      'linkCollectionWithoutMethod',
      'linkWithoutMethod',
      'lookalikeWithoutHref',
      'mayOnlyRead',
      'noRoomForSteps',
      'noSteps',
      'noStepsAnswerEnvelope',
      'noStepsInShapes',
    ]);
    expect(said.filter(result => result.message.length > 240).map(result => [result.messageId, result.message])).toEqual([]);
  });

  // The corpus's most frequent finding (GitHub's webhook configuration, which its GET answers too): was 292 characters.
  test("on a typical path (GitHub's `PATCH /app/hook/config`), a shared schema's envelope is said in 240 characters or fewer", async () => {
    const config = object({ url: { type: 'string' }, secret: { type: 'string' } });
    const github = oas3(
      { '/app/hook/config': { get: { responses: { '200': body(ref('webhook-config')) } }, patch: post(ref('webhook-config'), '200').post } },
      { schemas: { 'webhook-config': config } },
    );
    const said = await runRuleSaid(RULE, github);
    expect(said.map(({ messageId, message }) => [messageId, message])).toEqual([
      ['noStepsAnswerEnvelope', `PATCH /app/hook/config 200: no \`nextSteps\`. Answer an \`allOf\` of \`webhook-config\` and \`nextSteps\`: ${STEP}.`],
    ]);
    expect(said[0].message.length).toBeLessThanOrEqual(240);
  });
});
