import { at, EXAMPLE, NEXT_STEPS, oas3, ref, swagger2, withExample } from './support/documents';
import { testRule } from './support/testRule';
import { component } from './support/components';

/** What several cases expect the rule to say. */
const STUCK_WITHOUT_STEPS = { messageId: 'stuckWithoutSteps', data: { key: 'nextActions', name: 'nextSteps' } };

const SCHEMA = { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' }, nextActions: { type: 'array' }, nextSteps: NEXT_STEPS } };
const get = (example: unknown) => ({ get: { responses: { '200': withExample(example, SCHEMA) } } });

/** A JSON response whose named example `failed` is the shared `Failed` example. */
const sharedExample = (mediaType = 'application/json') => ({
  description: 'x',
  content: { [mediaType]: { examples: { failed: ref('Failed', 'examples') } } },
});
const FAILED_AT = component('examples', 'Failed', 'value', 'nextActions');
/** A document whose `components/examples` hold `Failed`, the F-456 payload. */
const withFailed = (paths: object) => oas3(paths, { examples: { Failed: { value: F456_BAD } } });
/** A GET answering the shared `Failed` example. */
const getsFailed = { get: { responses: { '200': sharedExample() } } };
const EXEMPT = { 'x-ax-exempt': { 'ax-envelope-empty-actions': 'Terminal audit record, nothing left to do' } };

const step = (action: string, href: string) => ({ action, method: 'POST', href, description: `${action}; the performer or the principal may call it.` });
/** The Agent-UX Envelope, finding F-456: a FAILED record at the end of a delegation chain. */
const F456_BAD = { id: 'rec_9', status: 'FAILED', nextActions: [], validTransitions: ['revision', 'outcome', 'dispute', 'cancel'] };
const F456_FIXED = {
  ...F456_BAD,
  nextSteps: [
    step('Submit revision', '/v1/records/rec_9/revision'),
    step('Report outcome', '/v1/records/rec_9/outcome'),
    step('Open dispute', '/v1/records/rec_9/dispute'),
    step('Cancel record', '/v1/records/rec_9/cancel'),
  ],
};

testRule('ax-envelope-empty-actions', [
  {
    name: 'fires on the F-456 payload (empty nextActions, no nextSteps), on the example',
    document: oas3({ '/records/{id}': get(F456_BAD) }),
    errors: [{ path: [...at('/records/{id}', 'get', '200', ...EXAMPLE), 'nextActions'], ...STUCK_WITHOUT_STEPS }],
  },
  {
    name: 'stays silent on the fixed F-456 payload, on a non-empty nextActions and without nextActions',
    document: oas3({ '/a': get(F456_FIXED), '/b': get({ status: 'ACTIVE', nextActions: ['transition'] }), '/c': get({ status: 'ACTIVE' }) }),
    errors: [],
  },
  {
    name: 'an empty nextSteps beside it fires too; snake_case aliases are read',
    document: oas3({
      '/a': get({ status: 'FAILED', nextActions: [], nextSteps: [] }),
      '/b': get({ next_actions: [], next_steps: [step('Cancel', '/v1/x')] }),
      '/c': get({ next_actions: [] }),
    }),
    errors: [
      { path: [...at('/a', 'get', '200', ...EXAMPLE), 'nextActions'], messageId: 'stuckWithEmptySteps', data: { key: 'nextActions', name: 'nextSteps' } },
      { path: [...at('/c', 'get', '200', ...EXAMPLE), 'next_actions'], messageId: 'stuckWithoutSteps', data: { key: 'next_actions', name: 'nextSteps' } },
    ],
  },
  {
    name: 'nested envelopes: each record of a list example is checked where it sits',
    document: oas3({ '/records': get({ data: [F456_FIXED, F456_BAD] }) }),
    errors: [{ path: [...at('/records', 'get', '200', ...EXAMPLE), 'data', '1', 'nextActions'], ...STUCK_WITHOUT_STEPS }],
  },
  {
    name: 'a components/examples entry shared by two operations fires once, on the shared example, naming both responses',
    document: oas3(
      {
        '/a': {
          get: {
            responses: { '200': { description: 'x', content: { 'application/json': { schema: SCHEMA, examples: { failed: ref('Failed', 'examples') } } } } },
          },
        },
        '/b': { post: { responses: { '422': sharedExample('application/problem+json') } } },
      },
      { examples: { Failed: { value: F456_BAD } } },
    ),
    errors: [{ path: FAILED_AT, ...STUCK_WITHOUT_STEPS }],
  },
  {
    name: 'an operation exempt from the rule is no user of the shared example: it drops out of the count',
    document: withFailed({ '/a': getsFailed, '/b': { ...EXEMPT, ...getsFailed }, '/c': getsFailed }),
    errors: [{ path: FAILED_AT, ...STUCK_WITHOUT_STEPS }],
  },
  {
    name: 'one user left beside an exempt one: the finding names that response',
    document: withFailed({ '/a': getsFailed, '/b': { ...EXEMPT, ...getsFailed } }),
    errors: [{ path: FAILED_AT, ...STUCK_WITHOUT_STEPS }],
  },
  {
    name: 'every user exempt: silent',
    document: withFailed({ '/b': { ...EXEMPT, ...getsFailed } }),
    errors: [],
  },
  {
    name: 'schema examples through $ref (OpenAPI 3.1) are read and reported on the shared schema, where the example is written',
    document: oas3(
      { '/a': { get: { responses: { '200': { description: 'x', content: { 'application/json': { schema: ref('Record') } } } } } } },
      { schemas: { Record: { ...SCHEMA, examples: [F456_FIXED, F456_BAD] } } },
      '3.1.0',
    ),
    errors: [{ path: component('schemas', 'Record', 'examples', '1', 'nextActions'), ...STUCK_WITHOUT_STEPS }],
  },
  {
    name: 'Swagger 2.0: response examples per media type',
    document: swagger2({ '/a': { get: { responses: { '200': { description: 'x', schema: SCHEMA, examples: { 'application/json': F456_BAD } } } } } }),
    errors: [{ path: at('/a', 'get', '200', 'examples', 'application/json', 'nextActions'), ...STUCK_WITHOUT_STEPS }],
  },
  {
    name: 'x-ax-exempt on the path item silences the rule there',
    document: oas3({ '/a': { 'x-ax-exempt': { 'ax-envelope-empty-actions': 'Terminal audit record, nothing left to do' }, ...get(F456_BAD) } }),
    errors: [],
  },
  {
    name: 'functionOptions rename both lists',
    document: oas3({ '/a': get({ transitions: [], links: [] }), '/b': get(F456_BAD) }),
    functionOptions: { nextActions: ['transitions'], nextSteps: ['links'] },
    errors: [{ path: [...at('/a', 'get', '200', ...EXAMPLE), 'transitions'], messageId: 'stuckWithEmptySteps', data: { key: 'transitions', name: 'links' } }],
  },
  {
    name: 'garbage gives silence, never an exception',
    document: oas3({
      '/a': get('not an object'),
      '/b': get({ nextActions: 'none' }),
      '/c': get({ nextActions: null, nextSteps: null }),
      '/d': { get: { responses: { '200': { description: 'x', content: { 'application/json': { examples: { a: ref('Missing', 'examples'), b: 'x' } } } } } } },
      '/e': { get: { responses: null } },
    }),
    errors: [],
  },
]);
