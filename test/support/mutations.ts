/**
 * Mutations of a JSON document for the robustness test: each picks a place in the document (half the
 * time among the places the rules read: paths, responses, schemas, examples, extensions) and breaks it
 * in one of the ways real descriptions and half-edited files do.
 */
import fc from 'fast-check';
import type { Path } from './observe';

type Json = unknown;
type JsonObject = Record<string, Json>;
const isObject = (value: Json): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export const KINDS = [
  'delete',
  'null',
  'wrongType',
  'selfRef',
  'refTo',
  'refToAncestor',
  'dangling',
  'allOfWide',
  'allOfChain',
  'refChain',
  'deepNest',
  'arrayify',
  'renameKeys',
  'scalarSchema',
  'oneOfExplosion',
  'refSibling',
  'extensions',
] as const;
export type Kind = (typeof KINDS)[number];

export interface Mutation {
  kind: Kind;
  /** Picks the target among the document's paths (even: among the interesting ones). */
  pick: number;
  /** Picks a second path, a value from a list, or a size, depending on the kind. */
  other: number;
}

const WRONG_TYPES: Json[] = [0, 42.5, -1, '', 'string', true, false, [], [1, 'a', null], {}, { '': null }];
const DANGLING = [
  '#/components/schemas/Nope',
  '#/definitions/Nope',
  '#/a~1b/%ZZ',
  '#components',
  '#',
  '',
  'missing.yaml#/Nope',
  42,
  null,
  ['#/x'],
  '#/paths/~2',
];
// No `__proto__`: Spectral's own JSON parser turns it into a prototype and its resolver then leaves revoked proxies in the document.
const KEYS = [
  '0',
  '200',
  '4XX',
  'default',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
  '$ref',
  'get',
  'post',
  '/x',
  '~1',
  'x-ax-exempt',
  'nextSteps',
  'error',
  '1e3',
  '-1',
];
export const SCALAR_SCHEMAS: Json[] = [true, false, 'string', '#/components/schemas/A', 0, [], [{ type: 'object' }], null];
const EXTENSION_VALUES: Json[] = [
  null,
  'all',
  [],
  {},
  1,
  { 'ax-envelope-next-steps': null },
  { '': '' },
  { constructor: 1, __proto__: 'x' },
  { 'ax-nope': 'a reason long enough' },
  'yes',
  ['A', 1, null],
];
const INTERESTING = new Set([
  'paths',
  'responses',
  'content',
  'schema',
  'schemas',
  'properties',
  'allOf',
  'oneOf',
  'anyOf',
  'items',
  'components',
  'definitions',
  'examples',
  'example',
  'headers',
  'x-ax-exempt',
  'nextSteps',
  'error',
  'required',
  'type',
]);

export const mutationArb: fc.Arbitrary<Mutation> = fc.record({ kind: fc.constantFrom(...KINDS), pick: fc.nat(), other: fc.nat() });

function allPaths(root: Json): Path[] {
  const found: Path[] = [];
  const walk = (node: Json, path: Path, depth: number) => {
    found.push(path);
    if (depth > 40) return;
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...path, i], depth + 1));
    else if (isObject(node)) for (const [key, value] of Object.entries(node)) walk(value, [...path, key], depth + 1);
  };
  walk(root, [], 0);
  return found;
}

const pointer = (path: Path) => `#${path.map(segment => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;
const pickFrom = <T>(list: readonly T[], n: number): T => list[n % list.length];

function get(root: Json, path: Path): Json {
  return path.reduce<Json>((node, segment) => (node as JsonObject)[segment as string], root);
}

/** Sets the value at a path; the root itself is replaced through the returned value. */
function set(root: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  const parent = get(root, path.slice(0, -1)) as JsonObject;
  Object.defineProperty(parent, path[path.length - 1], { value, enumerable: true, writable: true, configurable: true });
  return root;
}

function remove(root: Json, path: Path): Json {
  if (path.length === 0) return null;
  const parent = get(root, path.slice(0, -1));
  if (Array.isArray(parent)) parent.splice(Number(path[path.length - 1]), 1);
  else delete (parent as JsonObject)[path[path.length - 1]];
  return root;
}

function wideAllOf(value: Json, width: number): Json {
  const branches = Array.from({ length: width }, (_, i) => ({ type: 'object', required: [`p${i}`], properties: { [`p${i}`]: { type: 'string' } } }));
  return { allOf: [value, ...branches] };
}

/** Spectral's own parser and resolver are quadratic in nesting depth and overflow near 2,000 levels, so mutations stay shallower. */
export function nest(value: Json, depth: number): Json {
  let node = value;
  for (let i = 0; i < depth; i++) {
    node = pickFrom<(v: Json) => Json>(
      [v => ({ type: 'object', properties: { x: v } }), v => ({ items: v }), v => ({ oneOf: [v] }), v => ({ allOf: [v] }), v => ({ properties: { error: v } })],
      i,
    )(node);
  }
  return node;
}

export function apply(root: Json, mutation: Mutation): Json {
  const paths = allPaths(root);
  const interesting = paths.filter(path => path.some(segment => INTERESTING.has(String(segment))));
  const target = mutation.pick % 2 === 0 && interesting.length > 0 ? pickFrom(interesting, mutation.pick >> 1) : pickFrom(paths, mutation.pick >> 1);
  const value = get(root, target);
  const { other } = mutation;
  switch (mutation.kind) {
    case 'delete':
      return remove(root, target);
    case 'null':
      return set(root, target, null);
    case 'wrongType':
      return set(root, target, pickFrom(WRONG_TYPES, other));
    case 'selfRef':
      return set(root, target, { $ref: pointer(target) });
    case 'refTo':
      return set(root, target, { $ref: pointer(pickFrom(paths, other)) });
    case 'refToAncestor':
      return set(root, target, { $ref: pointer(target.slice(0, other % (target.length + 1))) });
    case 'dangling':
      return set(root, target, { $ref: pickFrom(DANGLING, other) });
    case 'allOfWide':
      return set(root, target, wideAllOf(value, 20 + (other % 300)));
    case 'allOfChain': {
      let node = value;
      for (let i = 0; i < 20 + (other % 130); i++) node = { allOf: [node, { properties: { [`p${i}`]: { type: 'string' } } }] };
      return set(root, target, node);
    }
    case 'refChain': {
      // A chain of named schemas, each an allOf of the next; the last points back at the first or at the old value.
      if (!isObject(root)) return root;
      const length = 10 + (other % 150);
      const last = JSON.parse(JSON.stringify(value ?? null)) as Json; // the old value may hold `components` itself
      const schemas: JsonObject = {};
      for (let i = 0; i < length; i++) {
        const next = i + 1 < length ? { $ref: `#/components/schemas/Chain${i + 1}` } : other % 2 === 0 ? { $ref: '#/components/schemas/Chain0' } : last;
        schemas[`Chain${i}`] = { allOf: [next, { type: 'object', properties: { [`c${i}`]: { type: 'string' } } }] };
      }
      if (target.length > 0) set(root, target, { $ref: '#/components/schemas/Chain0' });
      const components = isObject(root.components) ? root.components : (root.components = {});
      components.schemas = { ...(isObject(components.schemas) ? components.schemas : {}), ...schemas };
      return root;
    }
    case 'deepNest':
      return set(root, target, nest(value, 10 + (other % 140)));
    case 'arrayify':
      return set(root, target, isObject(value) ? Object.values(value) : Array.isArray(value) ? { ...value } : [value]);
    case 'renameKeys':
      if (!isObject(value)) return root;
      return set(root, target, Object.fromEntries(Object.values(value).map((item, i) => [pickFrom(KEYS, other + i), item])));
    case 'scalarSchema':
      return set(root, target, pickFrom(SCALAR_SCHEMAS, other));
    case 'oneOfExplosion': {
      const width = 2 + (other % 15);
      const inner = (i: number) => ({
        oneOf: Array.from({ length: width }, (_, j) => ({ type: 'object', properties: { [`o${i}_${j}`]: { type: 'string' } } })),
      });
      return set(root, target, { allOf: [value, ...Array.from({ length: 1 + (other % 4) }, (_, i) => inner(i))], anyOf: [inner(9), inner(10)] });
    }
    case 'refSibling':
      if (!isObject(value)) return root;
      value.$ref = pointer(pickFrom(paths, other));
      return root;
    case 'extensions':
      if (!isObject(value)) return root;
      value[pickFrom(['x-ax-exempt', 'x-ax-retryable', 'x-ax-idempotent', 'x-agent-error-codes'], other)] = pickFrom(EXTENSION_VALUES, other >> 2);
      return root;
  }
}

export function mutate(base: Json, mutations: Mutation[]): Json {
  return mutations.reduce((root, mutation) => apply(root, mutation), JSON.parse(JSON.stringify(base)) as Json);
}
