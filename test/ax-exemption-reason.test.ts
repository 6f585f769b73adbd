import { body, oas3, PAYMENT, swagger2 } from './support/documents';
import { testRule } from './support/testRule';
import { component } from './support/components';

const responses = { '201': body(PAYMENT) };
const exempt = (entries: unknown) => ({ 'x-ax-exempt': entries, responses });
const entry = (path: string, ...rest: string[]) => ['paths', path, ...rest, 'x-ax-exempt'];

testRule('ax-exemption-reason', [
  {
    name: 'stays silent on well-formed entries, on operations and path items, and on an empty map',
    document: oas3({
      '/rpc': {
        post: exempt({
          'ax-envelope-next-steps': 'JSON-RPC 2.0 envelope is fixed by the spec',
          'ax-recoverable-error-schema': 'Errors live inside the JSON-RPC result',
        }),
      },
      '/legacy': { 'x-ax-exempt': { 'ax-envelope-next-steps': 'Frozen legacy endpoint, removed in v3' }, post: exempt({}) },
    }),
    errors: [],
  },
  {
    name: 'an x-ax-exempt that is not a map fires on the extension',
    document: oas3({
      '/a': { post: exempt('ax-envelope-next-steps') },
      '/b': { post: exempt(['ax-envelope-next-steps']) },
      '/c': { 'x-ax-exempt': null, post: { responses } },
    }),
    errors: [
      {
        path: entry('/a', 'post'),
        messageId: 'notAMap',
        data: { extension: 'x-ax-exempt', value: 'the string "ax-envelope-next-steps"', example: 'x-ax-exempt: { <rule-id>: "<reason>" }' },
      },
      {
        path: entry('/b', 'post'),
        messageId: 'notAMap',
        data: { extension: 'x-ax-exempt', value: 'an array', example: 'x-ax-exempt: { <rule-id>: "<reason>" }' },
      },
      { path: entry('/c'), messageId: 'notAMap', data: { extension: 'x-ax-exempt', value: 'null', example: 'x-ax-exempt: { <rule-id>: "<reason>" }' } },
    ],
  },
  {
    name: 'an unknown rule id fires on the entry, with the nearest known id when it looks like a typo',
    document: oas3({
      '/a': {
        post: exempt({ 'ax-envelop-next-steps': 'JSON-RPC 2.0 envelope is fixed by the spec', 'operation-tag-defined': 'Tags are assigned by the gateway' }),
      },
    }),
    errors: [
      {
        path: [...entry('/a', 'post'), 'ax-envelop-next-steps'],
        messageId: 'unknownRule',
        data: { id: 'ax-envelop-next-steps', fix: { messageId: 'renameToRule', data: { guess: 'ax-envelope-next-steps' } } },
      },
      {
        path: [...entry('/a', 'post'), 'operation-tag-defined'],
        messageId: 'unknownRule',
        data: { id: 'operation-tag-defined', fix: { messageId: 'useRuleId', data: {} } },
      },
    ],
  },
  {
    name: 'a reason that is missing, empty, short or not text fires on the entry',
    document: oas3({
      '/a': {
        post: exempt({
          'ax-envelope-next-steps': '',
          'ax-envelope-state': 'legacy',
          'ax-envelope-refresh-url': 'legacy endpoint',
          'ax-envelope-next-steps-href': 42,
          'ax-envelope-next-steps-shape': '— — — …',
          'ax-recoverable-error-schema': 'Frozen legacy endpoint',
        }),
      },
    }),
    errors: [
      {
        path: [...entry('/a', 'post'), 'ax-envelope-next-steps'],
        messageId: 'noReason',
        data: { id: 'ax-envelope-next-steps', given: { messageId: 'emptyReason', data: {} }, minWords: 3 },
      },
      {
        path: [...entry('/a', 'post'), 'ax-envelope-state'],
        messageId: 'noReason',
        data: { id: 'ax-envelope-state', given: 'the string "legacy"', minWords: 3 },
      },
      {
        path: [...entry('/a', 'post'), 'ax-envelope-refresh-url'],
        messageId: 'noReason',
        data: { id: 'ax-envelope-refresh-url', given: 'the string "legacy endpoint"', minWords: 3 },
      },
      {
        path: [...entry('/a', 'post'), 'ax-envelope-next-steps-href'],
        messageId: 'noReason',
        data: { id: 'ax-envelope-next-steps-href', given: 'the number 42', minWords: 3 },
      },
      {
        path: [...entry('/a', 'post'), 'ax-envelope-next-steps-shape'],
        messageId: 'noReason',
        data: { id: 'ax-envelope-next-steps-shape', given: 'the string "— — — …"', minWords: 3 },
      },
    ],
  },
  {
    name: 'ax-exemption-reason cannot exempt itself: the entry fires and the others are still checked',
    document: oas3({ '/a': { post: exempt({ 'ax-exemption-reason': 'We know what we are doing', 'ax-envelope-state': 'n/a' }) } }),
    errors: [
      {
        path: [...entry('/a', 'post'), 'ax-exemption-reason'],
        messageId: 'selfExempted',
        data: { self: 'ax-exemption-reason' },
      },
      { path: [...entry('/a', 'post'), 'ax-envelope-state'], messageId: 'noReason', data: { id: 'ax-envelope-state', given: 'the string "n/a"', minWords: 3 } },
    ],
  },
  {
    name: 'a path item shared through $ref (OpenAPI 3.1 components/pathItems) is reported once, where the entry is',
    document: oas3(
      { '/a': { $ref: '#/components/pathItems/Legacy' }, '/b': { $ref: '#/components/pathItems/Legacy' } },
      { pathItems: { Legacy: { 'x-ax-exempt': { 'ax-envelope-next-step': 'Frozen legacy endpoint, removed in v3' }, post: { responses } } } },
      '3.1.0',
    ),
    errors: [
      {
        path: component('pathItems', 'Legacy', 'x-ax-exempt', 'ax-envelope-next-step'),
        messageId: 'unknownRule',
        data: { id: 'ax-envelope-next-step', fix: { messageId: 'renameToRule', data: { guess: 'ax-envelope-next-steps' } } },
      },
    ],
  },
  {
    name: 'Swagger 2.0',
    document: swagger2({ '/a': { post: { 'x-ax-exempt': { 'ax-envelope-next-steps': 'legacy' }, responses: { '201': { description: 'Created' } } } } }),
    errors: [
      {
        path: [...entry('/a', 'post'), 'ax-envelope-next-steps'],
        messageId: 'noReason',
        data: { id: 'ax-envelope-next-steps', given: 'the string "legacy"', minWords: 3 },
      },
    ],
  },
  {
    name: 'option minWords raises the bar',
    document: oas3({
      '/a': { post: exempt({ 'ax-envelope-next-steps': 'Frozen legacy endpoint', 'ax-envelope-state': 'Frozen legacy endpoint, removed in v3' }) },
    }),
    functionOptions: { minWords: 5 },
    errors: [
      {
        path: [...entry('/a', 'post'), 'ax-envelope-next-steps'],
        messageId: 'noReason',
        data: { id: 'ax-envelope-next-steps', given: 'the string "Frozen legacy endpoint"', minWords: 5 },
      },
    ],
  },
  {
    name: 'garbage gives silence, never an exception',
    document: oas3({ '/a': null, '/b': 'x', '/c': { post: null, get: 'x' } }),
    errors: [],
  },
  {
    name: 'paths: null',
    document: { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: null },
    errors: [],
  },
]);
