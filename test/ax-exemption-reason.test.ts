import { body, oas3, PAYMENT, swagger2 } from './support/documents';
import { testRule } from './support/testRule';
import { component } from './support/components';

const responses = { '201': body(PAYMENT) };
const exempt = (entries: unknown) => ({ 'x-ax-exempt': entries, responses });
const EXAMPLE = '`x-ax-exempt: { <rule-id>: "<reason>" }`';
const notAMap = (owner: string, what: string) =>
  `${owner}: \`x-ax-exempt\` is ${what}, not a map from rule id to reason, so it exempts nothing. Write it as ${EXAMPLE}.`;
const unknown = (owner: string, id: string, guess?: string) =>
  `${owner}: \`${id}\` is not a rule of spectral-agent-ux, so this entry exempts nothing. ${guess === undefined ? 'Use the id of a rule of this package (docs/rules/ lists them).' : `Did you mean \`${guess}\`? Rename the key.`}`;
const weak = (owner: string, id: string, given: string, words = 3) =>
  `${owner}: the exemption from \`${id}\` gives ${given}; give at least ${words} words on why the rule does not apply, e.g. "JSON-RPC 2.0 envelope is fixed by the spec".`;
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
      { path: entry('/a', 'post'), message: notAMap('POST /a', 'the string "ax-envelope-next-steps"') },
      { path: entry('/b', 'post'), message: notAMap('POST /b', 'an array') },
      { path: entry('/c'), message: notAMap('path item /c', 'null') },
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
      { path: [...entry('/a', 'post'), 'ax-envelop-next-steps'], message: unknown('POST /a', 'ax-envelop-next-steps', 'ax-envelope-next-steps') },
      { path: [...entry('/a', 'post'), 'operation-tag-defined'], message: unknown('POST /a', 'operation-tag-defined') },
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
      { path: [...entry('/a', 'post'), 'ax-envelope-next-steps'], message: weak('POST /a', 'ax-envelope-next-steps', 'an empty reason') },
      { path: [...entry('/a', 'post'), 'ax-envelope-state'], message: weak('POST /a', 'ax-envelope-state', 'the string "legacy"') },
      { path: [...entry('/a', 'post'), 'ax-envelope-refresh-url'], message: weak('POST /a', 'ax-envelope-refresh-url', 'the string "legacy endpoint"') },
      { path: [...entry('/a', 'post'), 'ax-envelope-next-steps-href'], message: weak('POST /a', 'ax-envelope-next-steps-href', 'the number 42') },
      { path: [...entry('/a', 'post'), 'ax-envelope-next-steps-shape'], message: weak('POST /a', 'ax-envelope-next-steps-shape', 'the string "— — — …"') },
    ],
  },
  {
    name: 'ax-exemption-reason cannot exempt itself: the entry fires and the others are still checked',
    document: oas3({ '/a': { post: exempt({ 'ax-exemption-reason': 'We know what we are doing', 'ax-envelope-state': 'n/a' }) } }),
    errors: [
      {
        path: [...entry('/a', 'post'), 'ax-exemption-reason'],
        message:
          'POST /a: `ax-exemption-reason` cannot be exempted in the description. Remove this entry; to switch the rule off, use `overrides` in .spectral.yaml.',
      },
      { path: [...entry('/a', 'post'), 'ax-envelope-state'], message: weak('POST /a', 'ax-envelope-state', 'the string "n/a"') },
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
        message: unknown('path item /a', 'ax-envelope-next-step', 'ax-envelope-next-steps'),
      },
    ],
  },
  {
    name: 'Swagger 2.0',
    document: swagger2({ '/a': { post: { 'x-ax-exempt': { 'ax-envelope-next-steps': 'legacy' }, responses: { '201': { description: 'Created' } } } } }),
    errors: [{ path: [...entry('/a', 'post'), 'ax-envelope-next-steps'], message: weak('POST /a', 'ax-envelope-next-steps', 'the string "legacy"') }],
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
        message: weak('POST /a', 'ax-envelope-next-steps', 'the string "Frozen legacy endpoint"', 5),
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
