/**
 * A success schema shared with error statuses (issue 38, fourth sample: Conjur's authenticator status, whose 500
 * and 501 answer the 200's `{ status, error }`): a code or a required `error` in it would make every success carry
 * an error. The errors get a schema of their own (`StatusWithError`, an `allOf` of `Status`), and `Status` stays.
 */
import { runRuleSaid, runRuleWithEdits } from './support/testRule';
import { fixOnly } from './support/fix-only';
import { oas3, ref, swagger2 } from './support/documents';

const RULE = 'ax-recoverable-error-structure';
/** Conjur's status body: `status` is "error" when there was one, `error` its message. */
const STATUS = {
  type: 'object',
  required: ['status'],
  properties: {
    error: { type: 'string', description: 'The error message if there was an error' },
    status: { type: 'string', description: "The status of the endpoint, 'error' if there was an error" },
  },
};
const PATH = '/{authenticator}/{service_id}/{account}/status';
const parameters = ['authenticator', 'service_id', 'account'].map(name => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
const answering = (schema: object) => ({ description: 'The response contains info about the result', content: { 'application/json': { schema } } });
const statusGet = (responses: object) => ({ [PATH]: { get: { operationId: 'getServiceAuthenticatorStatus', parameters, responses } } });

/** `Status` named, answered by the 200, the 500 and the 501. */
const named = (openapi = '3.0.3') =>
  oas3(
    statusGet({ '200': answering(ref('Status')), '500': answering(ref('Status')), '501': answering(ref('Status')) }),
    { schemas: { Status: STATUS } },
    openapi,
  );
/** Conjur as written: the 500 and the 501 `$ref` the 200 response itself, whose schema is inline. */
const inline = () => {
  const to200 = { $ref: '#/paths/~1%7Bauthenticator%7D~1%7Bservice_id%7D~1%7Baccount%7D~1status/get/responses/200' };
  return oas3(statusGet({ '200': answering(STATUS), '500': to200, '501': to200 }));
};

const fixed = 'Add a required `code` (e.g. "INTERNAL_ERROR"). Require `error` in the schema; your error handler must then send them.';
const what = 'has no code and does not require `error` (`error` is the message)';

describe('a schema that a success answers too: the errors get their own', () => {
  test.each([
    ['OpenAPI 3.0', '3.0.3'],
    ['OpenAPI 3.1', '3.1.0'],
  ])('%s: on `Status`, "Only in `StatusWithError`"; `fix` declares it, points the 500 and 501 at it, and leaves `Status` and the 200', async (_n, openapi) => {
    const said = await runRuleSaid(RULE, named(openapi));
    expect(said.map(({ path, message }) => [path.join('/'), message])).toEqual([
      ['components/schemas/Status', `\`Status\` (used by 2 of 3 responses): ${what}. ${fixed} Only in \`StatusWithError\` (\`allOf\` of \`Status\`).`],
    ]);
    const description = named(openapi) as { paths: Record<string, { get: { responses: Record<string, unknown> } }> };
    const { ran, before, after, result } = await fixOnly(description, `${RULE}@#/components/schemas/Status`);
    expect(ran.code).toBe(0);
    // The finding cleared, every other finding of every rule where it was, word for word.
    expect(after).toEqual(before.filter(key => JSON.parse(key)[0] !== RULE));
    expect(result.components.schemas).toEqual({
      Status: STATUS,
      StatusWithError: { allOf: [ref('Status'), { type: 'object', properties: { code: { type: 'string' } }, required: ['code', 'error'] }] },
    });
    const responses = result.paths[PATH].get.responses;
    expect([responses['200'], responses['500'], responses['501']].map(response => response.content['application/json'].schema)).toEqual([
      ref('Status'),
      ref('StatusWithError'),
      ref('StatusWithError'),
    ]);
  });

  test('Swagger 2.0 `definitions`: `StatusWithError` beside `Status`', async () => {
    const to = { $ref: '#/definitions/Status' };
    const description = swagger2(
      { [PATH]: { get: { responses: { '200': { description: 'OK', schema: to }, '500': { description: 'Error', schema: to } } } } },
      { definitions: { Status: STATUS } },
    );
    const { before, after, result } = await fixOnly(description, `${RULE}@#/definitions/Status`);
    expect(before.filter(key => JSON.parse(key)[0] === RULE)).toHaveLength(1);
    expect(after).toEqual(before.filter(key => JSON.parse(key)[0] !== RULE));
    expect(result.definitions.StatusWithError.allOf[0]).toEqual(to);
    expect(result.paths[PATH].get.responses['200'].schema).toEqual(to);
    expect(result.paths[PATH].get.responses['500'].schema).toEqual({ $ref: '#/definitions/StatusWithError' });
  });

  test('Conjur as written (the errors `$ref` the 200 response, its schema inline): said so, and no edit: their own schema is a person’s to write', async () => {
    const said = await runRuleSaid(RULE, inline());
    const apart = 'Only in a schema of their own: the 200 answers it too.';
    expect(said.map(({ path, message }) => [path.join('/'), message])).toEqual([
      [`paths/${PATH}/get/responses/500`, `GET ${PATH} 500: the error schema ${what}. ${fixed} ${apart}`],
      [`paths/${PATH}/get/responses/501`, `GET ${PATH} 501: the error schema ${what}. ${fixed.replace('INTERNAL_ERROR', 'NOT_IMPLEMENTED')} ${apart}`],
    ]);
    const { edits } = await runRuleWithEdits(RULE, inline());
    expect([...edits.values()].flat()).toEqual([]);
  });

  test('every error rule’s fix, applied at once: one `StatusWithError` holds all their members, and nothing is reported on it', async () => {
    const description = named() as { paths: Record<string, { get: { responses: Record<string, unknown> } }> };
    const { ran, before, after, result } = await fixOnly(description);
    expect(ran.code).toBe(0);
    const onStatus = (keys: readonly string[]) => keys.filter(key => key.includes('components/schemas/Status'));
    expect(onStatus(before).length).toBeGreaterThan(0);
    expect(after.filter(key => !before.includes(key))).toEqual([]);
    expect(Object.keys(result.components.schemas)).toEqual(['Status', 'StatusWithError']);
    expect(result.components.schemas.Status).toEqual(STATUS);
    const [shared, own] = result.components.schemas.StatusWithError.allOf;
    expect(shared).toEqual(ref('Status'));
    expect(Object.keys(own.properties)).toEqual(expect.arrayContaining(['code', 'retryable']));
    expect(result.paths[PATH].get.responses['200'].content['application/json'].schema).toEqual(ref('Status'));
  });

  test('members inside a wrapper (Azure’s `DeploymentValidateResult.error`): their own schema would need the wrapper’s too, so no edit', async () => {
    const wrapped = { type: 'object', properties: { error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } } } };
    const description = oas3(statusGet({ '200': answering(ref('Result')), '400': answering(ref('Result')) }), { schemas: { Result: wrapped } });
    const said = await runRuleSaid(RULE, description);
    expect(said.map(({ message }) => message)).toEqual([
      '`Result` (used by 1 of 2 responses): does not require `code` or `message` in its `error` object. Require `code` and `message` in the `error` object; your error handler must then send them. Only in `ResultWithError` (`allOf` of `Result`).',
    ]);
    const { edits } = await runRuleWithEdits(RULE, description);
    expect([...edits.values()].flat()).toEqual([]);
  });

  test('the same every other error rule says of it: the retry flag goes into `StatusWithError` too', async () => {
    const said = await runRuleSaid('ax-recoverable-retryable-flag', named());
    expect(said.map(({ message }) => message)).toEqual([
      '`Status` (used by 2 of 3 responses): has no retry flag. Add `retryable` (boolean), true when the same call may succeed later. Only in `StatusWithError` (`allOf` of `Status`).',
    ]);
  });
});

describe('lookalikes: a schema only errors answer is fixed in place', () => {
  test('a redirect answering it too (GitHub’s 301 `basic-error`) is no success: `Status` is fixed in place, no clause', async () => {
    const description = oas3(statusGet({ '301': answering(ref('Status')), '500': answering(ref('Status')) }), { schemas: { Status: STATUS } });
    const said = await runRuleSaid(RULE, description);
    expect(said.map(({ message }) => message)).toEqual([`\`Status\` (used by GET ${PATH} 500, 1 of 2): ${what}. ${fixed}`]);
  });

  test('`Status` answered by the 500 and 501 alone (the 200 another schema): required in `Status` itself, no clause', async () => {
    const description = oas3(statusGet({ '200': answering(ref('Health')), '500': answering(ref('Status')), '501': answering(ref('Status')) }), {
      schemas: { Status: STATUS, Health: { type: 'object', properties: { status: { type: 'string' } } } },
    });
    const said = await runRuleSaid(RULE, description);
    expect(said.map(({ message }) => message)).toEqual([`\`Status\` (used by 2 responses): ${what}. ${fixed}`]);
    const { after, result } = await fixOnly(description, `${RULE}@#/components/schemas/Status`);
    expect(after.filter(key => JSON.parse(key)[0] === RULE)).toEqual([]);
    expect(result.components.schemas.Status.required).toEqual(['status', 'code', 'error']);
    expect(Object.keys(result.components.schemas)).toEqual(['Status', 'Health']);
  });
});
