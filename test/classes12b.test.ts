/**
 * The error-body classes of the eighth blind sample (issue 38): what a response without a body is offered where the API's
 * evidence says something of its errors. A success body's list of warnings is no error envelope (eBay's Account API).
 */
import { Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import ruleset from '../ruleset';
import { outcome } from './support/fixes';
import { at, body, oas3, ref, swagger2 } from './support/documents';
import { runRuleSaid, toDocument } from './support/testRule';

const RULE = 'ax-recoverable-error-schema';

/** Every rule of the package on a document: what a fix must clear, and add nothing to. */
async function lintAll(document: object): Promise<ISpectralDiagnostic[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[ruleset as RulesetDefinition, 'all']] });
  return spectral.run(toDocument(document));
}

/** The findings of `RULE` before, and what every rule says once `response` is answered at `path`: nothing kept, nothing added. */
async function fixedBy(document: object, path: string[], response: object) {
  const before = await lintAll(document);
  const fixed = structuredClone(document) as Record<string, unknown>;
  const parent = path.slice(0, -1).reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, fixed);
  parent[path[path.length - 1]] = response;
  const after = await lintAll(fixed);
  const claimed = before.filter(result => result.code === RULE && JSON.stringify(result.path) === JSON.stringify(path));
  return { claimed, ...outcome(before, claimed, after) };
}

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

  test('the envelope offered, answered by the 500 with `Error` completed, clears the finding and adds what any new 5xx body is asked, no more', async () => {
    const completed = ebay() as { components: { schemas: Record<string, { required?: string[]; properties: object }> } };
    const error = completed.components.schemas.Error;
    Object.assign(error, { required: ['code', 'message'], properties: { code: { type: 'string' }, ...error.properties } });
    const offered = { type: 'object', required: ['errors'], properties: { errors: { type: 'array', items: ref('Error') } } };
    const { claimed, kept, added } = await fixedBy(completed, KYC_500, body(offered, 'application/json', 'Internal Server Error'));
    expect(claimed).toHaveLength(1);
    expect(kept).toEqual([]);
    // A 5xx body is asked for a retry flag and a correlation id (`errorId` read as one, asked): the same as the generic `{ code, message }` would be.
    expect(added.map(key => JSON.parse(key)[0])).toEqual(['ax-recoverable-retryable-flag', 'ax-recoverable-trace-id']);
    const generic = { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } };
    const byGeneric = await fixedBy(completed, KYC_500, body(generic, 'application/json', 'Internal Server Error'));
    expect(byGeneric.added.map(key => JSON.parse(key)[0])).toEqual(['ax-recoverable-retryable-flag', 'ax-recoverable-trace-id']);
  });

  test('a warnings list in bodies no success answers alone (an error response answers one): still no error envelope, and not said to be a success', async () => {
    const document = ebay() as { paths: Record<string, { post: { responses: Record<string, object> } }> };
    document.paths['/payment_policy'].post.responses['400'] = body(ref('Set1Response'), 'application/json', 'Bad Request');
    expect(await messagesOf(document)).toContainEqual([
      KYC_500,
      "GET /kyc 500: the error response declares no body. Add `content: { application/json: { schema } }`: `{ errors: [Error] }`, a list of the API's `Error` (its schemas list it only under `warnings`), adding a required `code` and requiring `message`.",
    ]);
  });

  test('a list of `Error` not named for errors, in 2xx bodies only, is no error envelope either', async () => {
    const [result] = await runRuleSaid(
      RULE,
      ebay(() => policyResponse('results')),
    );
    expect(result.message).toBe(ERRORS_ENVELOPE.replace('`warnings`', '`results`'));
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
