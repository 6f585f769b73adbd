import { at, body, JSON_SCHEMA, oas3, PROBLEM, problemWith, ref, swagger2 } from './support/documents';
import { fixAndRelint, testRule } from './support/testRule';
import { postWith as post } from './support/documents';
import { component, schemaAt, usedBy } from './support/components';
import { componentProblem, schemaProblem } from './support/said';

const STATE = { currentState: { type: 'string' }, allowedActions: { type: 'array', items: { type: 'string' } }, refreshUrl: { type: 'string' } };
const HOLDS: Record<string, string> = {
  currentState: 'string',
  allowedActions: 'string[]',
  refreshUrl: 'URL to re-read it',
  allowed_actions: 'string[]',
  refresh_url: 'URL to re-read it',
};
/** On a 422 the refresh url is ax-envelope-refresh-url's to ask (one missing field, one finding). */
const missing = (label: string, signal: string, all: string[], shapes = '') => {
  const fields = / 422\)?$/.test(label) ? all.filter(f => !['refreshUrl', 'refresh_url'].includes(f)) : all;
  return `${schemaAt(label)} reports a state rejection (${signal}) without the state${shapes}. Add ${fields.map(f => `\`${f}\` (${HOLDS[f]})`).join(', ')}.`;
};
const ALL = ['currentState', 'allowedActions', 'refreshUrl'];
/** What the rule says of a state rejection: its evidence and the state fields it lacks, in the body's names (`concepts` when those differ). */
const lacksState = (site: typeof schemaProblem | typeof componentProblem, evidence: string, names: string[], concepts = names) =>
  site(
    { messageId: 'noState', data: { evidence } },
    { messageId: 'addState', data: { fields: names.map(name => `\`${name}\` (${HOLDS[name]})`).join(', '), place: '', concept: concepts } },
    { concept: concepts.length === 1 ? concepts[0] : concepts },
  );
/** What several cases expect the rule to say. */
const SCHEMA_PROBLEM = lacksState(schemaProblem, 'its schema declares `currentState`', ['allowedActions', 'refreshUrl']);
/** A shared schema that more responses use than the state rejections: the state goes into theirs alone. */
const OWN = (shared: string) => `Only in \`${shared}WithState\` (\`allOf\` of \`${shared}\`).`;
/** The same, when the rejections cannot be given a schema of their own: which other response answers it. */
const APART = (other: string) => `Only in a schema of their own: ${other} answers it too.`;
const described = (description: string, schema: unknown = PROBLEM) => body(schema, 'application/json', description);

/** The Agent-UX Envelope’s 422 (invalid action in state FULFILLED), as a schema. */
const SOURCE_422 = problemWith({
  currentState: { type: 'string' },
  attemptedAction: { type: 'string' },
  allowedActions: { type: 'array', items: { type: 'string' } },
  refreshUrl: { type: 'string' },
});
/** The Agent Recovery guide’s precondition 422: current_status and required_status, nothing else of the envelope. */
const RECOVERY_GUIDE_422 = {
  type: 'object',
  properties: { type: { type: 'string' }, current_status: { type: 'string' }, required_status: { type: 'string' }, next_operation: { type: 'string' } },
};

testRule('ax-envelope-state', [
  {
    name: 'stays silent on the Agent-UX Envelope’s 422 and on the same fields inside an error wrapper, under snake_case aliases',
    document: oas3({
      '/records/{id}/transition': post({ '422': described('Invalid action in the current state', SOURCE_422) }),
      '/a': post({ '409': body({ type: 'object', properties: { error: problemWith({ current_state: {}, allowed_actions: {}, refresh_url: {} }) } }) }),
    }),
    errors: [],
  },
  {
    name: 'fires on the Agent Recovery guide’s precondition 422 because its schema declares current_status, listing exactly what is missing, in its snake_case',
    document: oas3({ '/invoices/{id}/send': post({ '422': body(RECOVERY_GUIDE_422) }) }),
    errors: [
      {
        path: at('/invoices/{id}/send', 'post', '422', ...JSON_SCHEMA),
        ...lacksState(schemaProblem, 'its schema declares `current_status`', ['allowed_actions'], ['allowedActions']),
      },
    ],
  },
  {
    name: 'an action on one item: its 409 whatever the description says; its 422 when the description speaks of the state, a transition or some status',
    document: oas3({
      '/payments/{id}/capture': post({ '409': described("The payment's current state does not allow this action.") }),
      '/runs/{id}/cancel': post({ '409': described('Default Response') }),
      '/records/{id}/fulfil': post({ '422': described('Cannot transition a FULFILLED record.', problemWith({ refreshUrl: {} })) }),
      '/invoices/{id}:send': post({ '422': described("The invoice is in 'draft' status.") }),
    }),
    errors: [
      {
        path: at('/payments/{id}/capture', 'post', '409', ...JSON_SCHEMA),
        ...lacksState(schemaProblem, '`capture` on an item; described "current state"', ALL),
      },
      { path: at('/runs/{id}/cancel', 'post', '409', ...JSON_SCHEMA), ...lacksState(schemaProblem, '`cancel` on an item', ALL) },
      {
        path: at('/records/{id}/fulfil', 'post', '422', ...JSON_SCHEMA),
        ...lacksState(schemaProblem, '`fulfil` on an item; described "transition"', ['currentState', 'allowedActions']),
      },
      {
        path: at('/invoices/{id}:send', 'post', '422', ...JSON_SCHEMA),
        ...lacksState(schemaProblem, '`send` on an item; described "in \'draft\' status"', ['currentState', 'allowedActions']),
      },
    ],
  },
  {
    name: 'stays silent on a 422 of an action that does not speak of the state (a validation failure), and on descriptions that mention a state or status in passing',
    document: oas3({
      '/orders/{id}/ship': post({ '422': described('Unprocessable Entity') }),
      '/b/{id}/verify': post({ '422': described('The address has an invalid state code; use a two-letter US state.') }),
      '/c/{id}/send': post({ '422': described('Returned with HTTP status 422 when validation fails.') }),
    }),
    errors: [],
  },
  {
    name: 'prose alone never decides: the same words on a creation, a plain POST, a search and a GET stay silent',
    document: oas3({
      '/a': post({ '409': described("The payment's current state does not allow this action.") }),
      '/b': post({ '422': described('Cannot transition a FULFILLED record.') }),
      '/orders/search': post({ '200': body(PROBLEM), '409': described('Invalid transition') }),
      '/orders': { get: { responses: { '409': described('The order is in the wrong state.') } } },
    }),
    errors: [],
  },
  {
    name: 'the shared 409 of the issue ("…or the current state prevents the operation") fires only where an operation changes state, not on the GET and POST searches that reference it',
    document: oas3(
      {
        '/orders': {
          get: { operationId: 'listOrders', responses: { '409': ref('Conflict', 'responses') } },
          post: { operationId: 'createOrder', responses: { '201': body(PROBLEM), '409': ref('Conflict', 'responses') } },
        },
        '/orders/query': post({ '200': body(PROBLEM), '409': ref('Conflict', 'responses') }),
        '/orders/{id}/cancel': post({ '409': ref('Conflict', 'responses') }),
      },
      { responses: { Conflict: described('The request conflicts with another request, or the current state prevents the operation.') } },
    ),
    errors: [
      {
        path: component('responses', 'Conflict', ...JSON_SCHEMA),
        ...lacksState(componentProblem, '`cancel` on an item; described "current state"', ALL),
      },
    ],
  },
  {
    name: 'only 409 and 422: a 400 or a 4XX with currentState is not asked',
    document: oas3({ '/a': post({ '400': body(problemWith({ currentState: {} })), '4XX': described('Invalid current state') }) }),
    errors: [],
  },
  {
    name: 'follows a $ref chain to the schema where the fields are added, and reports there; allOf branches together may carry the three fields',
    document: oas3(
      { '/a': post({ '409': body(ref('Conflict')) }), '/b': post({ '409': body(ref('StateProblem')) }) },
      {
        schemas: {
          Conflict: ref('Partial'),
          Partial: problemWith({ allowedActions: { type: 'array' } }),
          StateProblem: { allOf: [ref('Partial'), { properties: { currentState: {} } }, { properties: { refreshUrl: {} } }] },
        },
      },
    ),
    errors: [
      {
        path: component('schemas', 'Partial'),
        ...lacksState(componentProblem, 'its schema declares `allowedActions`', ['currentState', 'refreshUrl']),
      },
    ],
  },
  {
    name: 'a oneOf branch without the fields fires when another branch declares them',
    document: oas3({ '/a': post({ '422': body({ oneOf: [problemWith(STATE), PROBLEM] }) }) }),
    errors: [
      {
        path: at('/a', 'post', '422', ...JSON_SCHEMA),
        message: missing('POST /a 422', 'its schema declares `currentState`', ALL, ' in 1 of its 2 oneOf/anyOf shapes'),
      },
    ],
  },
  {
    name: 'a components/responses entry shared by two state-changing operations fires once, on its schema, counting both in the first use’s evidence; a DELETE is no state change by structure',
    document: oas3(
      {
        '/a/{id}/close': post({ '409': ref('InvalidTransition', 'responses') }),
        '/b/{id}/open': post({ '409': ref('InvalidTransition', 'responses') }),
        '/b/{id}': { delete: { responses: { '409': ref('InvalidTransition', 'responses') } } },
      },
      { responses: { InvalidTransition: described('The resource is in the wrong state for this action.') } },
    ),
    errors: [
      {
        path: component('responses', 'InvalidTransition', ...JSON_SCHEMA),
        message: `${missing(usedBy('InvalidTransition', 2, 3), '`close` on an item; described "wrong state"', ALL)} ${APART('DELETE /b/{id} 409')}`,
      },
    ],
  },
  {
    name: 'a schema that declares the state, shared by state-changing operations, fires once on it, naming how many responses use it; an exempt operation drops out of the count',
    document: oas3(
      {
        '/a/{id}/close': post({ '409': body(ref('Conflict')) }),
        '/b/{id}/open': post({ '409': body(ref('Conflict')) }),
        '/c/{id}/hold': {
          post: { 'x-ax-exempt': { 'ax-envelope-state': 'Workflow engine returns its own state envelope' }, responses: { '409': body(ref('Conflict')) } },
        },
      },
      { schemas: { Conflict: problemWith({ currentState: {} }) } },
    ),
    errors: [
      {
        path: component('schemas', 'Conflict'),
        message: missing(usedBy('Conflict', 2), 'its schema declares `currentState`', ['allowedActions', 'refreshUrl']),
      },
    ],
  },
  {
    name: 'Swagger 2.0: definitions are followed',
    document: swagger2(
      { '/a': post({ '409': { description: 'Conflict', schema: { $ref: '#/definitions/Conflict' } } }) },
      { definitions: { Conflict: problemWith({ currentState: {}, allowedActions: {} }) } },
    ),
    errors: [{ path: ['definitions', 'Conflict'], ...lacksState(componentProblem, 'its schema declares `currentState`', ['refreshUrl']) }],
  },
  {
    name: 'OpenAPI 3.1: type arrays and problem+json',
    document: oas3(
      {
        '/a': post({
          '409': { description: 'Illegal state', content: { 'application/problem+json': { schema: { ...problemWith(STATE), type: ['object', 'null'] } } } },
        }),
      },
      {},
      '3.1.0',
    ),
    errors: [],
  },
  {
    name: 'x-ax-exempt on the operation silences the rule there only',
    document: oas3({
      '/a': {
        post: {
          'x-ax-exempt': { 'ax-envelope-state': 'Workflow engine returns its own state envelope' },
          responses: { '409': described('Invalid transition', problemWith({ currentState: {} })) },
        },
      },
      '/b': post({ '409': described('Invalid transition', problemWith({ currentState: {} })) }),
    }),
    errors: [
      {
        path: at('/b', 'post', '409', ...JSON_SCHEMA),
        ...SCHEMA_PROBLEM,
      },
    ],
  },
  {
    name: 'functionOptions rename the fields that trigger and satisfy the rule',
    document: oas3({ '/a': post({ '409': body(problemWith({ phase: {}, moves: {} })) }), '/b': post({ '409': body(problemWith({ currentState: {} })) }) }),
    functionOptions: { currentState: ['phase'], allowedActions: ['moves'], refreshUrl: ['self'] },
    errors: [
      {
        path: at('/a', 'post', '409', ...JSON_SCHEMA),
        ...schemaProblem(
          { messageId: 'noState', data: { evidence: 'its schema declares `phase`' } },
          { messageId: 'addState', data: { fields: '`self` (URL to re-read it)', place: '', concept: ['refreshUrl'] } },
          { concept: 'refreshUrl' },
        ),
      },
    ],
  },
  {
    name: 'garbage gives silence, never an exception',
    document: oas3({
      '/a': post({ '409': { description: 'Invalid transition' } }),
      '/b': post({ '422': described('Invalid transition', 'not a schema') }),
      '/c': post({ '409': described('Invalid transition', ref('Missing')) }),
      '/d': { post: { responses: null } },
      '/e': post({ '409': { description: 42, content: { 'application/json': { schema: PROBLEM } } } }),
    }),
    errors: [],
  },
]);

/**
 * State rejections by structure (issue 26): the operation changes a resource's state (a POST action on
 * one item, a PATCH/PUT of a status member), and then its 409 is found whatever its description says.
 */
const ORDER_PATCH = { type: 'object', properties: { note: { type: 'string' }, status: { type: 'string', enum: ['open', 'shipped'] } } };
const jsonRequest = (schema: object) => ({ requestBody: { content: { 'application/json': { schema } } } });

testRule('ax-envelope-state', [
  {
    name: 'a PATCH of a status member (a $ref request body, allOf) has its 409 found, described "Default Response"; a PATCH of other members, or of a `statusCode`, does not',
    document: oas3(
      {
        '/orders/{id}': {
          patch: { ...jsonRequest({ allOf: [ref('OrderPatch')] }), responses: { '200': body(PROBLEM), '409': described('Default Response') } },
        },
        '/notes/{id}': { patch: { ...jsonRequest(ref('Note')), responses: { '200': body(PROBLEM), '409': described('Default Response') } } },
        '/hooks/{id}': {
          patch: { ...jsonRequest({ type: 'object', properties: { statusCode: { type: 'integer' } } }), responses: { '409': described('Default Response') } },
        },
      },
      { schemas: { OrderPatch: ORDER_PATCH, Note: { type: 'object', properties: { note: { type: 'string' } } } } },
    ),
    errors: [{ path: at('/orders/{id}', 'patch', '409', ...JSON_SCHEMA), ...lacksState(schemaProblem, 'sets `status`', ALL) }],
  },
  {
    name: 'no state change by structure: a POST to a sub-collection (its items have paths of their own), a POST answering 201, a read-only POST on an item, a PUT on a sub-path without words for the state',
    document: oas3({
      '/orders/{id}/items': post({ '201': body(PROBLEM), '409': described('Default Response') }),
      '/orders/{id}/items/{item}': { get: { responses: { '200': body(PROBLEM) } } },
      '/orders/{id}/refunds': post({ '201': body(PROBLEM), '409': described('Conflict') }),
      '/orders/{id}/validate': post({ '200': body(PROBLEM), '409': described('Conflict') }),
      '/pulls/{number}/merge': {
        put: { responses: { '200': body(PROBLEM), '409': described('Conflict if sha was provided and pull request head did not match') } },
      },
    }),
    errors: [],
  },
  {
    name: 'a PUT on an item’s sub-path fires when its description speaks of the state (corpus: Lyft’s ride rating); Swagger 2.0, a body parameter setting `state`: one finding on the shared definition, in the first use’s evidence',
    document: swagger2(
      {
        '/rides/{id}/rating': {
          put: { responses: { '409': { description: 'The ride is not in the droppedOff status', schema: { $ref: '#/definitions/Problem' } } } },
        },
        '/alerts/{number}': {
          patch: {
            parameters: [{ in: 'body', name: 'alert', schema: { type: 'object', properties: { state: { type: 'string' } } } }],
            responses: { '409': { description: 'Conflict', schema: { $ref: '#/definitions/Problem' } } },
          },
        },
      },
      { definitions: { Problem: PROBLEM } },
    ),
    errors: [
      {
        path: ['definitions', 'Problem'],
        ...lacksState(componentProblem, '`rating` on an item; described "in the droppedOff status"', ALL),
      },
    ],
  },
  {
    name: 'OpenAPI 3.1: a POST action’s shared 409 ($ref to components/responses) with the generated description; a GET of the same item never',
    document: oas3(
      {
        '/payments/{id}/capture': post({ '409': ref('Conflict', 'responses') }),
        '/payments/{id}': { get: { responses: { '200': body(PROBLEM), '409': ref('Conflict', 'responses') } } },
      },
      { responses: { Conflict: described('Default Response') } },
      '3.1.0',
    ),
    errors: [
      {
        path: component('responses', 'Conflict', ...JSON_SCHEMA),
        ...lacksState(componentProblem, '`capture` on an item', ALL),
      },
    ],
  },
]);

/** A sub-resource noun is created, not acted on; a 409 "already exists" is an existence conflict (issue 38, e). */
testRule('ax-envelope-state', [
  {
    name: 'OpenAPI 3.0: `POST /rooms/{id}/keypair`, where the same path GETs and DELETEs the key pair, is no state action',
    document: oas3(
      {
        '/rooms/{id}/keypair': {
          get: { responses: { '200': { description: 'OK' } } },
          delete: { responses: { '204': { description: 'Deleted' } } },
          post: { responses: { '200': { description: 'OK' }, '409': described('Conflict', ref('Problem')) } },
        },
        '/rooms/{id}/archive': post({ '409': described('Conflict', ref('Problem')) }),
      },
      { schemas: { Problem: PROBLEM } },
    ),
    errors: [
      {
        path: component('schemas', 'Problem'),
        message: `${missing(usedBy('Problem', 1, 2), '`archive` on an item', ALL)} ${OWN('Problem')}`,
      },
    ],
  },
  {
    name: 'Swagger 2.0: an action answering 409 "already has a keypair" (an existence conflict) is silent; "in the wrong state" is not',
    document: swagger2({
      '/rooms/{id}/lock': { post: { responses: { '200': { description: 'OK' }, '409': { description: 'The room already has a lock', schema: PROBLEM } } } },
      '/rooms/{id}/open': { post: { responses: { '200': { description: 'OK' }, '409': { description: 'The room is in the wrong state', schema: PROBLEM } } } },
    }),
    errors: [
      {
        path: ['paths', '/rooms/{id}/open', 'post', 'responses', '409', 'schema'],
        ...lacksState(schemaProblem, '`open` on an item; described "wrong state"', ALL),
      },
    ],
  },
  {
    name: 'OpenAPI 3.1 `allOf`: a schema that declares `currentState` is a state rejection whatever its description says',
    document: oas3(
      {
        '/rooms/{id}/lock': post({
          '409': described('Already exists', { allOf: [ref('Problem'), { type: 'object', properties: { currentState: { type: 'string' } } }] }),
        }),
      },
      { schemas: { Problem: PROBLEM } },
      '3.1.0',
    ),
    errors: [
      {
        path: at('/rooms/{id}/lock', 'post', '409', ...JSON_SCHEMA),
        ...SCHEMA_PROBLEM,
      },
    ],
  },
]);

/** A shared error body told to carry what only some of its users need (issue 38, item 3). */
describe("the state goes into the state rejections' own schema", () => {
  const problemAt = (description: string) => described(description, ref('Problem'));
  const ISSUE = oas3(
    {
      '/orders': post({ '400': problemAt('Bad request body') }),
      '/orders/{id}': { get: { responses: { '200': { description: 'OK' }, '404': problemAt('No such order') } } },
      '/orders/{id}/cancel': post({ '409': problemAt('Conflict') }),
      '/orders/{id}/ship': post({ '409': problemAt('Conflict') }),
    },
    { schemas: { Problem: PROBLEM } },
  );
  testRule('ax-envelope-state', [
    {
      name: 'OpenAPI 3.0: `Problem` used by 4 responses, 2 of them state rejections: "2 of 4", in their own schema',
      document: ISSUE,
      errors: [{ path: component('schemas', 'Problem'), message: `${missing(usedBy('Problem', 2, 4), '`cancel` on an item', ALL)} ${OWN('Problem')}` }],
    },
    {
      name: 'Swagger 2.0 `definitions`: the same, for one of two users',
      document: swagger2(
        {
          '/orders/{id}/cancel': {
            post: { responses: { '204': { description: 'Done' }, '409': { description: 'Conflict', schema: { $ref: '#/definitions/Problem' } } } },
          },
          '/orders': { post: { responses: { '201': { description: 'Created' }, '400': { description: 'Bad', schema: { $ref: '#/definitions/Problem' } } } } },
        },
        { definitions: { Problem: PROBLEM } },
      ),
      errors: [
        {
          path: ['definitions', 'Problem'],
          message: `${missing(usedBy('Problem', 1, 2), '`cancel` on an item', ALL)} ${OWN('Problem')}`,
        },
      ],
    },
    {
      name: 'lookalike: every user of `Problem` is a state rejection: the state goes into `Problem` itself',
      document: oas3(
        { '/orders/{id}/cancel': post({ '409': problemAt('Conflict') }), '/orders/{id}/ship': post({ '409': problemAt('Conflict') }) },
        { schemas: { Problem: PROBLEM } },
      ),
      errors: [{ path: component('schemas', 'Problem'), message: missing(usedBy('Problem', 2), '`cancel` on an item', ALL) }],
    },
  ]);

  test('`fix` declares `ProblemWithState` and points the two 409s at it; the rule is then silent (the whole ruleset: test/own-schema.test.ts)', async () => {
    const { before, edits, after } = await fixAndRelint('ax-envelope-state', ISSUE);
    expect(before).toHaveLength(1);
    expect(edits.map(edit => edit.target)).toEqual([
      ['components', 'schemas'],
      ['paths', '/orders/{id}/cancel', 'post', 'responses', '409', ...JSON_SCHEMA],
      ['paths', '/orders/{id}/ship', 'post', 'responses', '409', ...JSON_SCHEMA],
    ]);
    expect(after).toEqual([]);
  });
});
