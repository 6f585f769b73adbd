/**
 * The error-body classes of the eighth blind sample (issue 38): what a response without a body is offered where the API's
 * evidence says something of its errors. A success body's list of warnings is no error envelope (eBay's Account API); an
 * envelope every body answers is asked about, not replaced (NetLicensing); Flask-RESTX's `{ message }` is offered where its
 * fields-mask header shows it (contract.fit).
 */
import { fixedLikeGeneric } from './support/error-body-fixes';
import { at, body, oas3, ref, swagger2 } from './support/documents';
import { runRuleSaid, runRuleWithEdits } from './support/testRule';

const RULE = 'ax-recoverable-error-schema';

const messagesOf = async (document: object) => (await runRuleSaid(RULE, document)).map(({ path, message }) => [path, message]);

/** eBay's `Error { errorId, category, domain, message }`, listed only as items. */
const EBAY_ERROR = {
  type: 'object',
  description: 'A container that defines the elements of error and warning messages.',
  properties: {
    errorId: { type: 'integer', format: 'int32', description: 'A positive integer that uniquely identifies the specific error condition that occurred.' },
    category: { type: 'string' },
    domain: { type: 'string' },
    message: { type: 'string', description: 'A description of the condition that caused the error or warning.' },
  },
};
/** `SetFulfillmentPolicyResponse`: the policy's own `description` beside the warnings of the request that set it. */
const policyResponse = (list = 'warnings', item: object = ref('Error')) => ({
  type: 'object',
  properties: {
    fulfillmentPolicyId: { type: 'string' },
    description: { type: 'string', description: 'A seller-defined description of the fulfillment policy.' },
    [list]: { type: 'array', description: 'An array of one or more errors or warnings that were generated during the processing of the request.', items: item },
  },
});
const POLICY_PATHS = ['/fulfillment_policy', '/payment_policy'];
/** Two policy creations answering their `Set…Response` with 201, and `GET /kyc` whose 500 declares no body. */
const ebay = (holder: (name: string) => object = () => policyResponse(), statuses: Record<string, string> = {}) =>
  oas3(
    {
      ...Object.fromEntries(
        POLICY_PATHS.map((path, i) => [
          path,
          { post: { 'x-ax-retryable': false, 'x-ax-idempotent': false, responses: { [statuses[path] ?? '201']: body(ref(`Set${i}Response`)) } } },
        ]),
      ),
      '/kyc': { get: { responses: { '200': { description: 'Success' }, '500': { description: 'Internal Server Error' } } } },
    },
    { schemas: { Set0Response: holder('Set0Response'), Set1Response: holder('Set1Response'), Error: structuredClone(EBAY_ERROR) } },
  );
const KYC_500 = at('/kyc', 'get', '500');
const ERRORS_ENVELOPE =
  "GET /kyc 500: the error response declares no body. Add `content: { application/json: { schema } }`: `{ errors: [Error] }`, a list of the API's `Error` (its schemas list it only under `warnings` of success bodies), adding a required `code` and requiring `message`.";

describe("a success body's list of warnings is no error envelope (eBay's Account API)", () => {
  test('`Error` listed only under `warnings` of 2xx bodies: the common `{ errors: [Error] }`, none of the success members', async () => {
    const [result, ...others] = await runRuleSaid(RULE, ebay());
    expect(others).toEqual([]);
    expect([result.path, result.message]).toEqual([KYC_500, ERRORS_ENVELOPE]);
    expect(result.data).toMatchObject({
      fix: { messageId: 'errorsEnvelope', data: { item: 'Error', lists: '`warnings`', where: { messageId: 'ofSuccesses' } } },
    });
  });

  test('the envelope offered, answered by the 500 with `Error` completed, clears the finding and adds what the generic body would, no more', async () => {
    const completed = ebay() as { components: { schemas: Record<string, { required?: string[]; properties: object }> } };
    const error = completed.components.schemas.Error;
    Object.assign(error, { required: ['code', 'message'], properties: { code: { type: 'string' }, ...error.properties } });
    const offered = { type: 'object', required: ['errors'], properties: { errors: { type: 'array', items: ref('Error') } } };
    // A 5xx body is asked for a retry flag and a correlation id (`errorId` read as one, asked).
    expect(await fixedLikeGeneric(completed, KYC_500, offered)).toEqual(['ax-recoverable-retryable-flag', 'ax-recoverable-trace-id']);
  });

  test('a warnings list in bodies no success answers alone (an error response answers one): still no error envelope, and not said to be a success', async () => {
    const document = ebay() as { paths: Record<string, { post: { responses: Record<string, object> } }> };
    document.paths['/payment_policy'].post.responses['400'] = body(ref('Set1Response'), 'application/json', 'Bad Request');
    expect(await messagesOf(document)).toContainEqual([
      KYC_500,
      "GET /kyc 500: the error response declares no body. Add `content: { application/json: { schema } }`: `{ errors: [Error] }`, a list of the API's `Error` (its schemas list it only under `warnings`), adding a required `code` and requiring `message`.",
    ]);
  });

  test("a lookalike: `Error` listed under a 2xx body's `data` is a resource (Mux's error records): neither an envelope nor the item, the generic fix", async () => {
    const [result] = await runRuleSaid(
      RULE,
      ebay(() => policyResponse('data')),
    );
    expect(result.message).toBe(
      'GET /kyc 500: the error response declares no body. Add `content: { application/json: { schema } }`: an object schema requiring a `code` and a `message`.',
    );
  });

  test("a lookalike: an error list beside a message in 2xx bodies (Shutterstock's `errors`) is still the envelope offered", async () => {
    const envelope = () => ({
      type: 'object',
      properties: { data: { type: 'array', items: { type: 'object' } }, errors: { type: 'array', items: ref('Error') }, message: { type: 'string' } },
    });
    const [result] = await runRuleSaid(RULE, ebay(envelope));
    expect(result.message).toBe(
      'GET /kyc 500: the error response declares no body. Add `content: { application/json: { schema } }`: the envelope the API sends `Error` in, `{ message, errors: [Error] }` (as 2 of its schemas carry it).',
    );
  });

  test('a lookalike: a real error envelope written in error responses (`allOf`), `{ message, errors: [Error] }`, is still offered', async () => {
    const envelope = {
      allOf: [
        { type: 'object', properties: { requestId: { type: 'string' } } },
        { type: 'object', properties: { message: { type: 'string' }, errors: { type: 'array', items: ref('Error') } } },
      ],
    };
    const document = ebay(() => ({ type: 'object', properties: { fulfillmentPolicyId: { type: 'string' } } })) as {
      paths: Record<string, { post: { responses: Record<string, object> } }>;
    };
    for (const path of POLICY_PATHS) document.paths[path].post.responses['400'] = body(envelope, 'application/json', 'Bad Request');
    document.paths['/fulfillment_policy'].post.responses['201'] = { description: 'Created' };
    document.paths['/payment_policy'].post.responses['201'] = { description: 'Created' };
    const [result] = await runRuleSaid(RULE, document);
    expect(result.message).toBe(
      'GET /kyc 500: the error response declares no body. Add `content: { application/json: { schema } }`: the envelope the API sends `Error` in, `{ message, errors: [Error] }` (as 2 of its schemas carry it).',
    );
  });

  test('warnings in some bodies and an error envelope in others: no evidence either way, the generic fix', async () => {
    const [result] = await runRuleSaid(
      RULE,
      ebay(name => (name === 'Set0Response' ? policyResponse() : policyResponse('errors'))),
    );
    expect(result.data).toMatchObject({ fix: { messageId: 'codeAndMessage' } });
  });

  test('Swagger 2.0: the same `{ errors: [Error] }`, as a `schema`', async () => {
    const definitions = { SetResponse: policyResponse('warnings', { $ref: '#/definitions/Error' }), Error: EBAY_ERROR };
    const document = swagger2(
      {
        '/fulfillment_policy': {
          post: {
            'x-ax-retryable': false,
            'x-ax-idempotent': false,
            responses: { '201': { description: 'Created', schema: { $ref: '#/definitions/SetResponse' } } },
          },
        },
        '/kyc': { get: { responses: { '200': { description: 'Success' }, '500': { description: 'Internal Server Error' } } } },
      },
      { definitions },
    );
    expect(await messagesOf(document)).toEqual([
      [
        KYC_500,
        "GET /kyc 500: the error response declares no body. Add a `schema`: `{ errors: [Error] }`, a list of the API's `Error` (its schemas list it only under `warnings` of success bodies), adding a required `code` and requiring `message`.",
      ],
    ]);
  });
});

/** NetLicensing: every body is `netlicensing { infos, items }` (a list of it for the listings); no error response declares one. */
const INFOS = { type: 'object', properties: {} };
const envelopeSchemas = (envelope: object = { type: 'object', properties: { infos: ref('infos'), items: ref('items') } }) => ({
  netlicensing: envelope,
  infos: INFOS,
  items: { type: 'object', properties: {} },
});
const netlicensing = (schemas: object = envelopeSchemas(), extra: object = {}) =>
  oas3(
    {
      '/licensee': {
        get: { responses: { '200': body({ type: 'array', items: ref('netlicensing') }) } },
        post: { responses: { '200': body(ref('netlicensing')), '400': { description: 'Bad request' } } },
      },
      '/licensee/{licenseeNumber}': {
        get: { responses: { '200': body(ref('netlicensing')), '404': { description: 'Not found' } } },
        post: { responses: { '200': body(ref('netlicensing')) } },
        delete: { responses: { '204': { description: 'Deleted' } } },
      },
      ...extra,
    },
    { schemas },
  );
const LICENSEE_404 = at('/licensee/{licenseeNumber}', 'get', '404');
const ASKED =
  'GET /licensee/{licenseeNumber} 404: the error response declares no body, and every response of the API with a body answers `netlicensing`. If errors come in it, `$ref` it here with a code and a message in its `infos`; else add `content: { application/json: { schema } }`: an object schema requiring a `code` and a `message`.';

describe("an API-wide envelope is asked about, not replaced (NetLicensing's `netlicensing { infos, items }`)", () => {
  test('every body answers one schema with a member for messages: the fix asks whether errors come in it', async () => {
    const results = await runRuleSaid(RULE, netlicensing());
    expect(results.map(({ path, message }) => [path, message])).toEqual([
      [
        at('/licensee', 'post', '400'),
        'POST /licensee 400: the error response declares no body, and every response of the API with a body answers `netlicensing`. If errors come in it, `$ref` it here with a code and a message in its `infos`; else add `content: { application/json: { schema } }`: an object schema requiring a `code` and a `message`.',
      ],
      [LICENSEE_404, ASKED],
    ]);
    expect(results[1].data).toMatchObject({ whose: { messageId: 'everyBody' }, name: 'netlicensing', member: 'infos', fix: { messageId: 'codeAndMessage' } });
  });

  test('`fix` writes nothing for it: which body the server sends is for a person to say', async () => {
    const { results, edits } = await runRuleWithEdits(RULE, netlicensing());
    expect(results).toHaveLength(2);
    expect([...edits.values()].flat()).toEqual([]);
  });

  test("the ask's first answer, the envelope `$ref`d with a code and a message in `infos`, clears the finding and adds what the generic body would, no more", async () => {
    const infos = { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } };
    const document = netlicensing({ ...envelopeSchemas(), infos });
    // A 404 body is asked for a recovery hint and a retry flag, in the errors' own schema.
    expect(await fixedLikeGeneric(document, LICENSEE_404, ref('netlicensing'))).toEqual(['ax-recoverable-retryable-flag', 'ax-recoverable-suggestion']);
  });

  test('nearly every body (9 of 10) answers it: asked, with the count', async () => {
    const extra = {
      '/utility/licenseTypes': { get: { responses: { '200': body({ type: 'object', properties: { types: { type: 'array', items: { type: 'string' } } } }) } } },
    };
    const more = Object.fromEntries(
      ['/product', '/product/{productNumber}', '/token', '/token/{tokenNumber}', '/transaction'].map(path => [
        path,
        { get: { responses: { '200': body(ref('netlicensing')) } } },
      ]),
    );
    const [, result] = await runRuleSaid(RULE, netlicensing(undefined, { ...extra, ...more }));
    expect(result.message).toBe(ASKED.replace('every response of the API with a body answers', "9 of the API's 10 responses with a body answer"));
  });

  test('the envelope composed by `allOf`, its `messages` in a branch, in Swagger 2.0: asked, as a `schema`', async () => {
    const list = { type: 'array', items: { $ref: '#/definitions/Response' } };
    const document = swagger2(
      {
        '/orders': {
          get: { responses: { '200': { description: 'OK', schema: list } } },
          post: { responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Response' } } } },
        },
        '/orders/{id}': {
          get: { responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Response' } }, '404': { description: 'Not found' } } },
          put: { responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Response' } } } },
        },
      },
      {
        definitions: {
          Response: { allOf: [{ $ref: '#/definitions/Messages' }, { type: 'object', properties: { data: { type: 'object' } } }] },
          Messages: { type: 'object', properties: { messages: { type: 'array', items: { type: 'string' } } } },
        },
      },
    );
    expect(await messagesOf(document)).toEqual([
      [
        at('/orders/{id}', 'get', '404'),
        'GET /orders/{id} 404: the error response declares no body, and every response of the API with a body answers `Response`. If errors come in it, `$ref` it here with a code and a message in its `messages`; else add a `schema`: an object schema requiring a `code` and a `message`.',
      ],
    ]);
  });

  test('a lookalike: one schema answers every 2xx, but an error declares its own body: that body is offered', async () => {
    const ERROR = { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } };
    const document = netlicensing(
      { ...envelopeSchemas(), Error: ERROR },
      { '/product': { get: { responses: { '200': body(ref('netlicensing')), '403': body(ref('Error')) } } } },
    );
    const results = await runRuleSaid(RULE, document);
    expect(results.map(result => result.messageId)).toEqual(['noBody', 'noBody']);
    expect(results[1].message).toBe(
      "GET /licensee/{licenseeNumber} 404: the error response declares no body. Add the API's only error schema (on its 403 responses), `content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } }`.",
    );
  });

  test('a lookalike: an error declares an inline body of its own: no API-wide envelope, the generic fix', async () => {
    const inline = { type: 'object', properties: { error: { type: 'string' } } };
    const document = netlicensing(undefined, { '/product': { get: { responses: { '200': body(ref('netlicensing')), '403': body(inline) } } } });
    const results = await runRuleSaid(RULE, document);
    expect(results.find(result => JSON.stringify(result.path) === JSON.stringify(LICENSEE_404))?.data).toMatchObject({ fix: { messageId: 'codeAndMessage' } });
    expect(results.map(result => result.messageId)).not.toContain('noBodyEnvelope');
  });

  test('a lookalike: every body answers one schema without a member for messages (`{ data, meta }`): the generic fix', async () => {
    const plain = { type: 'object', properties: { data: { type: 'object' }, meta: { type: 'object' } } };
    const [, result] = await runRuleSaid(RULE, netlicensing({ netlicensing: plain }));
    expect(result.message).toBe(
      'GET /licensee/{licenseeNumber} 404: the error response declares no body. Add `content: { application/json: { schema } }`: an object schema requiring a `code` and a `message`.',
    );
  });
});

/** contract.fit: Flask-RESTX's `X-Fields` mask header (Swagger 2.0 on the parameter, OpenAPI 3 under `schema`), no error body anywhere. */
const MASK_2 = { name: 'X-Fields', in: 'header', type: 'string', format: 'mask', description: 'An optional fields mask' };
const MASK_3 = { name: 'X-Fields', in: 'header', description: 'An optional fields mask', schema: { type: 'string', format: 'mask' } };
const rulesResource = (mask: object) => ({
  get: { operationId: 'get_rule_config_resource', parameters: [mask], responses: { '200': { description: 'Success' }, '404': { description: 'Not found' } } },
  patch: {
    operationId: 'patch_rule_config_resource',
    'x-ax-retryable': false,
    'x-ax-idempotent': false,
    parameters: [mask],
    responses: { '200': { description: 'Success' }, '400': { description: 'Validation error' }, '500': { description: 'Server error' } },
  },
});
const contractFit = (mask: object = MASK_3) => oas3({ '/rule_config/{scope}': rulesResource(mask) });
const RULES_404 = at('/rule_config/{scope}', 'get', '404');
const FLASK_404 =
  'GET /rule_config/{scope} 404: the error response declares no body. Add `content: { application/json: { schema } }`: the body Flask-RESTX sends, `{ message }`, plus a required `code`, with `message` required.';

describe("Flask-RESTX's error body, recognised by its fields-mask header (contract.fit)", () => {
  test('OpenAPI 3: every error status is offered `{ message }` plus a code, a validation 400 with its `errors`', async () => {
    expect(await messagesOf(contractFit())).toEqual([
      [RULES_404, FLASK_404],
      [
        at('/rule_config/{scope}', 'patch', '400'),
        'PATCH /rule_config/{scope} 400: the error response declares no body. Add `content: { application/json: { schema } }`: the body Flask-RESTX sends, `{ message }` (a validation 400 adds `errors`, a map of fields), plus a required `code`, with `message` required.',
      ],
      [
        at('/rule_config/{scope}', 'patch', '500'),
        'PATCH /rule_config/{scope} 500: the error response declares no body. Add `content: { application/json: { schema } }`: the body Flask-RESTX sends, `{ message }`, plus a required `code`, with `message` required.',
      ],
    ]);
  });

  test('Swagger 2.0 (the format on the parameter): the same body, as a `schema`', async () => {
    const [result] = await runRuleSaid(RULE, swagger2({ '/rule_config/{scope}': rulesResource(MASK_2) }));
    expect(result.message).toBe(
      'GET /rule_config/{scope} 404: the error response declares no body. Add a `schema`: the body Flask-RESTX sends, `{ message }`, plus a required `code`, with `message` required.',
    );
  });

  test('the body offered, `{ message, code }` both required, clears the finding and adds what the generic body would, no more', async () => {
    const flask = { type: 'object', required: ['message', 'code'], properties: { message: { type: 'string' }, code: { type: 'string' } } };
    expect(await fixedLikeGeneric(contractFit(), RULES_404, flask)).toEqual(['ax-recoverable-retryable-flag', 'ax-recoverable-suggestion']);
  });

  test("a lookalike: an `X-Fields` header of no mask format is any API's: the generic fix", async () => {
    const [result] = await runRuleSaid(RULE, contractFit({ ...MASK_3, schema: { type: 'string' } }));
    expect(result.message).toBe(
      'GET /rule_config/{scope} 404: the error response declares no body. Add `content: { application/json: { schema } }`: an object schema requiring a `code` and a `message`.',
    );
  });

  test('a lookalike: a `mask` query parameter is no fields-mask header: the generic fix', async () => {
    const [result] = await runRuleSaid(RULE, contractFit({ ...MASK_3, in: 'query' }));
    expect(result.data).toMatchObject({ fix: { messageId: 'codeAndMessage' } });
  });

  test("the API's own error schema still comes before the framework's body", async () => {
    const document = contractFit() as { paths: Record<string, { patch: { responses: Record<string, object> } }>; components: object };
    document.paths['/rule_config/{scope}'].patch.responses['400'] = body(ref('Error'), 'application/json', 'Validation error');
    document.components = {
      schemas: { Error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } } },
    };
    const [result] = await runRuleSaid(RULE, document);
    expect(result.message).toBe(
      "GET /rule_config/{scope} 404: the error response declares no body. Add the API's only error schema (on its 400 responses), `content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } }`.",
    );
  });
});
