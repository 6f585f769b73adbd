import { at, body, JSON_SCHEMA, oas3, PROBLEM, problemWith, ref, swagger2 } from './support/documents';
import { runRule, testRule } from './support/testRule';
import { postWith as post } from './support/documents';
import { component, schemaAt, usedBy } from './support/components';
import { componentProblem, schemaProblem } from './support/said';

const SIGNAL = 'its schema declares `currentState`';
const missing = (label: string, shapes = '', signal = SIGNAL, name = 'refreshUrl') =>
  `${schemaAt(label)} reports a state rejection (${signal}) but has no \`${name}\`${shapes}. Add \`${name}\`: the URL to GET the current state from.`;
/** What the rule says of a state rejection without a refresh url: its evidence, and the url's name in the body's style. */
const lacksRefreshUrl = (site: typeof schemaProblem | typeof componentProblem, evidence = SIGNAL, name = 'refreshUrl') =>
  site(
    { messageId: 'noRefreshUrl', data: { evidence, name, concept: 'refreshUrl' } },
    { messageId: 'addRefreshUrl', data: { name, place: '' } },
    { concept: 'refreshUrl' },
  );
/** A 422 that reports the resource's state: the case AGLedger's envelope holds to a refresh url. */
const STATEFUL = problemWith({ currentState: { type: 'string' } });
const FIELD_ERRORS = { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } };
const PROBLEM_JSON = ['content', 'application/problem+json', 'schema'];

/** The Agent-UX Envelope’s 422 from POST /v1/records/{id}/transition, as a schema. */
const SOURCE_422 = {
  type: 'object',
  required: ['type', 'status', 'title', 'detail', 'currentState', 'allowedActions', 'refreshUrl'],
  properties: {
    type: { type: 'string' },
    status: { type: 'integer' },
    title: { type: 'string' },
    detail: { type: 'string' },
    currentState: { type: 'string' },
    attemptedAction: { type: 'string' },
    allowedActions: { type: 'array', items: { type: 'string' } },
    recoveryHint: { type: 'string' },
    refreshUrl: { type: 'string' },
    retryable: { type: 'boolean' },
  },
};
/** The Agent Recovery guide’s "use a different tool" 422: a precondition, but no refresh url. */
const RECOVERY_GUIDE_422 = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    status: { type: 'integer' },
    is_retriable: { type: 'boolean' },
    suggestions: { type: 'array', items: { type: 'string' } },
    required_status: { type: 'string' },
    current_status: { type: 'string' },
  },
};

testRule('ax-envelope-refresh-url', [
  {
    name: 'stays silent on the Agent-UX Envelope’s 422 envelope, on refresh_url and on a refresh url inside the error wrapper',
    document: oas3({
      '/records/{id}/transition': post({ '422': body(SOURCE_422, 'application/problem+json') }),
      '/a': post({ '422': body(problemWith({ refresh_url: { type: 'string' } })) }),
      '/b': post({ '422': body({ type: 'object', properties: { error: problemWith({ refreshUrl: { type: 'string' } }) } }) }),
    }),
    errors: [],
  },
  {
    name: 'fires on the Agent Recovery guide’s precondition 422, on the inline schema, naming the URL in its snake_case',
    document: oas3({ '/invoices/{id}/send': post({ '422': body(RECOVERY_GUIDE_422, 'application/problem+json') }) }),
    errors: [
      {
        path: at('/invoices/{id}/send', 'post', '422', ...PROBLEM_JSON),
        ...lacksRefreshUrl(schemaProblem, 'its schema declares `current_status`', 'refresh_url'),
      },
    ],
  },
  {
    name: 'a request-validation 422 is not held to it: no state signal, field details, or a framework validation shape (FastAPI detail[])',
    document: oas3({
      '/a': post({ '422': body(PROBLEM) }),
      '/b': post({ '422': body(problemWith({ details: FIELD_ERRORS }), 'application/json', 'Cannot transition: fields are invalid') }),
      '/c': post({
        '422': body({
          type: 'object',
          properties: {
            detail: {
              type: 'array',
              items: {
                type: 'object',
                required: ['loc', 'msg', 'type'],
                properties: { loc: { type: 'array' }, msg: { type: 'string' }, type: { type: 'string' } },
              },
            },
          },
        }),
      }),
    }),
    errors: [],
  },
  {
    name: 'an action on one item whose description speaks of the state holds a 422 without field details to it; a declared state field holds it even with field details; the words alone on a creation do not',
    document: oas3({
      '/invoices/{id}/send': post({ '422': body(PROBLEM, 'application/json', 'The invoice is in the wrong state') }),
      '/invoices': post({ '422': body(PROBLEM, 'application/json', 'The invoice is in the wrong state') }),
      '/b': post({ '422': body(problemWith({ currentState: { type: 'string' }, details: FIELD_ERRORS })) }),
    }),
    errors: [
      {
        path: at('/invoices/{id}/send', 'post', '422', ...JSON_SCHEMA),
        ...lacksRefreshUrl(schemaProblem, '`send` on an item; described "wrong state"'),
      },
      { path: at('/b', 'post', '422', ...JSON_SCHEMA), ...lacksRefreshUrl(schemaProblem) },
    ],
  },
  {
    name: 'only 422: 400, 409, 4XX and default are not asked for a refresh url',
    document: oas3({ '/a': post({ '400': body(PROBLEM), '409': body(PROBLEM), '4XX': body(PROBLEM), default: body(PROBLEM) }) }),
    errors: [],
  },
  {
    name: 'follows a $ref chain and reports on the schema it ends at, where the field is added; an allOf branch may carry the field',
    document: oas3(
      { '/a': post({ '422': body(ref('Invalid')) }), '/b': post({ '422': body(ref('StateProblem')) }) },
      {
        schemas: { Invalid: ref('Problem'), Problem: STATEFUL, StateProblem: { allOf: [ref('Problem'), { properties: { refreshUrl: { type: 'string' } } }] } },
      },
    ),
    errors: [{ path: component('schemas', 'Problem'), ...lacksRefreshUrl(componentProblem) }],
  },
  {
    name: 'fires when one oneOf branch lacks it',
    document: oas3({ '/a': post({ '422': body({ oneOf: [problemWith({ currentState: { type: 'string' }, refreshUrl: { type: 'string' } }), STATEFUL] }) }) }),
    errors: [{ path: at('/a', 'post', '422', ...JSON_SCHEMA), message: missing('POST /a 422', ' in 1 of its 2 oneOf/anyOf shapes') }],
  },
  {
    name: 'a components/responses entry shared by two operations gives one diagnostic, on the shared response’s schema, naming both',
    document: oas3(
      { '/a': post({ '422': ref('Unprocessable', 'responses') }), '/b': { put: { responses: { '422': ref('Unprocessable', 'responses') } } } },
      { responses: { Unprocessable: body(STATEFUL) } },
    ),
    errors: [{ path: component('responses', 'Unprocessable', ...JSON_SCHEMA), message: missing(usedBy('Unprocessable', 2)) }],
  },
  {
    name: 'an operation exempt from the rule is no user of the shared response: it drops out of the count, and with every user exempt the finding goes',
    document: oas3(
      {
        '/a': post({ '422': ref('Unprocessable', 'responses') }),
        '/b': { put: { responses: { '422': ref('Unprocessable', 'responses') } } },
        '/c': {
          post: {
            'x-ax-exempt': { 'ax-envelope-refresh-url': 'Stateless calculation, nothing to re-read' },
            responses: { '422': ref('Unprocessable', 'responses') },
          },
        },
        '/d': {
          post: { 'x-ax-exempt': { 'ax-envelope-refresh-url': 'Stateless calculation, nothing to re-read' }, responses: { '422': body(ref('Stateful')) } },
        },
      },
      { responses: { Unprocessable: body(STATEFUL) }, schemas: { Stateful: STATEFUL } },
    ),
    errors: [{ path: component('responses', 'Unprocessable', ...JSON_SCHEMA), message: missing(usedBy('Unprocessable', 2)) }],
  },
  {
    name: 'Swagger 2.0: definitions are followed',
    document: swagger2(
      { '/a': post({ '422': { description: 'Unprocessable', schema: { $ref: '#/definitions/Problem' } } }) },
      { definitions: { Problem: STATEFUL } },
    ),
    errors: [{ path: ['definitions', 'Problem'], ...lacksRefreshUrl(componentProblem) }],
  },
  {
    name: 'OpenAPI 3.1: type arrays are objects too',
    document: oas3(
      { '/a': post({ '422': body({ ...STATEFUL, type: ['object', 'null'] }) }), '/b': post({ '422': body({ ...SOURCE_422, type: ['object', 'null'] }) }) },
      {},
      '3.1.0',
    ),
    errors: [{ path: at('/a', 'post', '422', ...JSON_SCHEMA), ...lacksRefreshUrl(schemaProblem) }],
  },
  {
    name: 'x-ax-exempt on the operation or the path item silences the rule there',
    document: oas3({
      '/a': { post: { 'x-ax-exempt': { 'ax-envelope-refresh-url': 'Stateless calculation, nothing to re-read' }, responses: { '422': body(STATEFUL) } } },
      '/b': { 'x-ax-exempt': { 'ax-envelope-refresh-url': 'Stateless calculation, nothing to re-read' }, post: { responses: { '422': body(STATEFUL) } } },
    }),
    errors: [],
  },
  {
    name: 'option refreshUrl replaces the accepted names',
    document: oas3({
      '/a': post({ '422': body(problemWith({ currentState: { type: 'string' }, reload: { type: 'string' } })) }),
      '/b': post({ '422': body(problemWith({ currentState: { type: 'string' }, refreshUrl: { type: 'string' } })) }),
    }),
    functionOptions: { refreshUrl: ['reload'] },
    errors: [
      {
        path: at('/b', 'post', '422', ...JSON_SCHEMA),
        ...lacksRefreshUrl(schemaProblem, SIGNAL, 'reload'),
      },
    ],
  },
  {
    name: 'garbage gives silence, never an exception (a missing body is ax-recoverable-error-schema’s to report)',
    document: oas3({
      '/a': post({ '422': { description: 'Unprocessable' } }),
      '/b': post({ '422': body('not a schema') }),
      '/c': post({ '422': body(ref('Missing')) }),
      '/d': { post: { responses: null } },
      '/e': post({ '422': null }),
    }),
    errors: [],
  },
]);

describe('a shared schema whose state rejection shows in each operation', () => {
  test('is one defect: one finding on the schema, counting every response it concerns', async () => {
    const action = (description: string) => post({ '422': body(ref('Problem'), 'application/json', description) });
    const document = oas3(
      {
        '/invoices/{id}/send': action('The invoice is in the wrong state'),
        '/orders/{id}/cancel': action('The order is in the wrong state'),
        '/orders/{id}/ship': action('The order is in the wrong state'),
      },
      { schemas: { Problem: PROBLEM } },
    );
    const onProblem = (await runRule('ax-envelope-refresh-url', document)).filter(result => result.path.join('/') === 'components/schemas/Problem');
    expect(onProblem.map(result => result.message.slice(0, result.message.indexOf(':')))).toEqual([usedBy('Problem', 3)]);
  });
});
