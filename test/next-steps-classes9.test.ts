/**
 * ax-envelope-next-steps on the classes of the fifth and sixth blind samples (issue 38): the POST form of a read
 * (Etherpad), a POST that solves (GraphHopper's `solveVRP`), a deletion by RPC (`deleteGroupUsingPOST`) or answering the
 * record it removes (Impala's cancelled booking), a temporary URL under its own name (api2pdf's `pdf`).
 */
import { at, body, JSON_SCHEMA, oas3, ref, swagger2 } from './support/documents';
import { runRuleSaid, runRuleWithEdits } from './support/testRule';

const RULE = 'ax-envelope-next-steps';
/** Etherpad's answer: `{ code, message, data }`. */
const RPC = (data: object) => ({
  type: 'object',
  properties: { code: { type: 'integer', example: 0 }, message: { type: 'string', example: 'ok' }, data: { type: 'object', properties: data } },
});
const PAD_ID = [{ in: 'query', name: 'padID', schema: { type: 'string' } }];
/** Etherpad offers each function as GET and POST alike (`…UsingGET`, `…UsingPOST`). */
const both = (name: string, summary: string | undefined, data: object, parameters: object[] = PAD_ID) => {
  const operation = (method: string) => ({
    operationId: `${name}Using${method}`,
    ...(summary === undefined ? {} : { summary }),
    parameters,
    responses: { '200': body(RPC(data), 'application/json', 'ok (code 0)') },
  });
  return { get: operation('GET'), post: operation('POST') };
};
const where = (results: Awaited<ReturnType<typeof runRuleSaid>>) => results.map(result => [result.path.join(' '), result.messageId]);
const inBody = (path: string, method = 'post', status = '200') => at(path, method, status, ...JSON_SCHEMA).join(' ');

describe('the POST form of a read (Etherpad)', () => {
  test("a POST that answers as its path's GET does and says it returns is a read; a creating alias, one that says nothing, and a collection's POST are asked", async () => {
    const document = oas3(
      {
        '/padUsersCount': both('padUsersCount', 'returns the number of user that are currently editing this pad', { padUsersCount: { type: 'integer' } }),
        '/createGroup': both('createGroup', 'creates a new group', { groupID: { type: 'string' } }, []),
        '/appendText': both('appendText', undefined, {}),
        // Lookalike: the POST creates on the collection whose GET lists (another body), though it says it returns the pad.
        '/pads': {
          get: { summary: 'Returns all pads', responses: { '200': body({ type: 'array', items: ref('Pad') }) } },
          post: { summary: 'Returns the pad', responses: { '200': body(ref('Pad')) } },
        },
      },
      { schemas: { Pad: { type: 'object', properties: { padID: { type: 'string' } } } } },
    );
    expect(where(await runRuleSaid(RULE, document))).toEqual([
      [inBody('/createGroup'), 'noSteps'],
      [inBody('/appendText'), 'noSteps'],
      [inBody('/pads'), expect.any(String)],
    ]);
  });

  test('Swagger 2.0: only the same parameters make an alias (the POST takes a body the GET does not)', async () => {
    const answer = { '200': { description: 'ok', schema: RPC({ padUsers: { type: 'array', items: { type: 'object' } } }) } };
    const query = { in: 'query', name: 'padID', type: 'string' };
    const document = swagger2({
      '/padUsers': {
        get: {
          operationId: 'padUsersUsingGET',
          summary: 'returns the list of users that are currently editing this pad',
          parameters: [query],
          responses: answer,
        },
        post: {
          operationId: 'padUsersUsingPOST',
          summary: 'returns the list of users that are currently editing this pad',
          parameters: [query],
          responses: answer,
        },
      },
      '/padViewers': {
        get: { summary: 'returns the viewers of this pad', parameters: [query], responses: answer },
        post: { summary: 'returns the viewers of this pad', parameters: [query, { in: 'body', name: 'body', schema: { type: 'object' } }], responses: answer },
      },
    });
    expect(where(await runRuleSaid(RULE, document))).toEqual([[['paths', '/padViewers', 'post', 'responses', '200', 'schema'].join(' '), 'noSteps']]);
  });
});

describe('a POST that solves (GraphHopper)', () => {
  const solution = {
    type: 'object',
    properties: { job_id: { type: 'string' }, processing_time: { type: 'integer' }, solution: { type: 'object', properties: { costs: { type: 'integer' } } } },
  };
  test('`solveVRP` answering its solution reads; the asynchronous `/vrp/optimize` and a solve that answers 201 are asked', async () => {
    const document = oas3({
      '/vrp': { post: { operationId: 'solveVRP', summary: 'POST route optimization problem', responses: { '200': body(solution) } } },
      '/vrp/optimize': {
        post: {
          operationId: 'asyncVRP',
          summary: 'POST route optimization problem (batch mode)',
          responses: { '200': body({ type: 'object', properties: { job_id: { type: 'string' } } }) },
        },
      },
      '/captchas': { post: { operationId: 'solveCaptcha', responses: { '201': body({ type: 'object', properties: { id: { type: 'string' } } }) } } },
    });
    const results = await runRuleSaid(RULE, document);
    expect(where(results)).toEqual([
      [inBody('/vrp/optimize'), 'noSteps'],
      [inBody('/captchas', 'post', '201'), 'noSteps'],
    ]);
    expect(results[1].message).toBe(
      'POST /captchas 201, named `solveCaptcha` like a read, but it answers 201: no `nextSteps`. Add `nextSteps`: [{ action, method, href, description }] (all required, `method` an HTTP-method enum) to the application/json schema.',
    );
  });
});

describe('deletions (Etherpad, Impala)', () => {
  test('a POST whose operationId, summary or method-named path says delete or remove is a deletion; a cancel action and a `deleted` flag are not', async () => {
    const document = oas3({
      '/deleteGroup': both('deleteGroup', 'deletes a group', {}, [{ in: 'query', name: 'groupID', schema: { type: 'string' } }]),
      '/groups/{id}/members': { post: { summary: 'Remove members from a group', responses: { '200': body(RPC({})) } } },
      '/removeAuthor': { post: { responses: { '200': body(RPC({})) } } },
      '/orders/{id}/cancel': { post: { operationId: 'cancelOrder', responses: { '200': body(RPC({})) } } },
      '/orders/{id}/deleted': { post: { operationId: 'markDeletedOrder', responses: { '200': body(RPC({})) } } },
    });
    expect(where(await runRuleSaid(RULE, document))).toEqual([
      [inBody('/orders/{id}/cancel'), 'noSteps'],
      [inBody('/orders/{id}/deleted'), 'noSteps'],
    ]);
  });

  test('Swagger 2.0: `deleteGroupUsingPOST` is a deletion', async () => {
    const document = swagger2({
      '/deleteGroup': { post: { operationId: 'deleteGroupUsingPOST', responses: { '200': { description: 'ok (code 0)', schema: RPC({}) } } } },
    });
    expect(await runRuleSaid(RULE, document)).toEqual([]);
  });

  test("a DELETE answering the record it cancels (Impala's `cancelBooking`) is a deletion; one answering the item it is nested in (Jira's scheme) is asked", async () => {
    const document = oas3(
      {
        '/bookings/{bookingId}': {
          get: { operationId: 'retrieveBooking', responses: { '200': body(ref('booking')) } },
          delete: {
            operationId: 'cancelBooking',
            summary: 'Cancel a booking',
            responses: { '200': body(ref('booking'), 'application/json', 'Returns the cancelled booking.') },
          },
        },
        '/workflowscheme/{id}': { get: { responses: { '200': body(ref('WorkflowScheme')) } } },
        '/workflowscheme/{id}/issuetype/{issueType}': { delete: { responses: { '200': body(ref('WorkflowScheme')) } } },
      },
      {
        schemas: {
          booking: { type: 'object', properties: { bookingId: { type: 'string' }, status: { type: 'string', enum: ['ACCEPTED', 'CANCELLED'] } } },
          WorkflowScheme: { type: 'object', properties: { id: { type: 'integer' } } },
        },
      },
    );
    expect(where(await runRuleSaid(RULE, document))).toEqual([[inBody('/workflowscheme/{id}/issuetype/{issueType}', 'delete'), expect.any(String)]]);
  });
});

describe('a temporary URL under its own name (api2pdf)', () => {
  const success = (pdf: object) => ({
    type: 'object',
    properties: {
      cost: { type: 'number' },
      mbIn: { type: 'number' },
      mbOut: { type: 'number' },
      pdf: { type: 'string', ...pdf },
      success: { type: 'boolean' },
    },
  });
  test('`pdf`, "A url to the PDF that will exist only for 24 hours", is asked about as the next call, and `fix` edits nothing', async () => {
    const document = oas3(
      { '/chrome/url': { post: { operationId: 'chromeFromUrlPost', responses: { '200': body(ref('ApiResponseSuccess')) } } } },
      {
        schemas: { ApiResponseSuccess: success({ description: 'A url to the PDF that will exist only for 24 hours' }) },
      },
    );
    const results = await runRuleSaid(RULE, document);
    expect(results.map(result => result.message)).toEqual([
      '`ApiResponseSuccess` (used by POST /chrome/url 200): no `nextSteps`; `pdf` may be the next call (a URL described "exist only for 24 hours"): add `nextSteps`: [{ action, method, href, description }] (all required, `method` an HTTP-method enum), listing it if it is.',
    ]);
    const { edits } = await runRuleWithEdits(RULE, document);
    expect([...edits.values()].flat()).toEqual([]);
  });

  test('lookalikes: a URL with no lifetime, and a token valid for a day, are told to add `nextSteps`', async () => {
    const document = oas3({
      '/chrome/url': { post: { responses: { '200': body(success({ description: 'A url to the PDF' })) } } },
      '/sessions/{id}/renew': {
        post: {
          responses: {
            '200': body({ type: 'object', properties: { id: { type: 'string' }, token: { type: 'string', description: 'A token valid for 1 day' } } }),
          },
        },
      },
    });
    expect(where(await runRuleSaid(RULE, document))).toEqual([
      [inBody('/chrome/url'), 'noSteps'],
      [inBody('/sessions/{id}/renew'), 'noSteps'],
    ]);
  });
});

test('ax-recoverable-retryable says why the POST form of a read is safe to repeat', async () => {
  const document = oas3({
    '/padUsersCount': both('padUsersCount', 'returns the number of user that are currently editing this pad', { padUsersCount: { type: 'integer' } }),
  });
  expect((await runRuleSaid('ax-recoverable-retryable', document)).map(result => result.message)).toEqual([
    'POST /padUsersCount: no `x-ax-retryable`, so an agent cannot tell if retrying a failed call is safe. Add `x-ax-retryable: true` to the operation: the POST form of its path\'s GET, described "returns the number of user that are curr…" and answering 200, it only reads, so a repeat is safe.',
  ]);
});
