/**
 * Walks over plain JSON values (example payloads, the raw document) with an explicit stack: a deep or
 * huge value can neither overflow the call stack nor cost more than one visit per node.
 */
import { isObject, keyReader, type JsonPath, type Located } from './document';

/** Where a node sits below the walk's root, as a parent chain: a path array is built only for what gets reported. */
export interface Trail {
  parent: Trail | undefined;
  key: string | number;
}

/** The location of a node given the root's location and the node's trail; undefined outside the user's document. */
export function pathOf(base: JsonPath | undefined, trail: Trail | undefined): JsonPath | undefined {
  if (base === undefined) return undefined;
  const keys: (string | number)[] = [];
  for (let step = trail; step !== undefined; step = step.parent) keys.push(step.key);
  return [...base, ...keys.reverse()];
}

/** `data.items[0].nextSteps`: a path as a dotted locator reads. */
export function dottedPath(path: readonly (string | number)[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');
}

/**
 * Visits every node of `root` once, depth first in document order. `visit` returns false to skip the
 * node's children. A node reached twice (a YAML alias) is visited once, so a cycle cannot loop. With
 * `objectsOnly`, strings, numbers and the like are not visited: a walk of a whole description that reads
 * only objects and lists then skips most of its nodes. With `tree`, the caller knows that no node is
 * reached twice (`OpenApiDocument.isTree`): the walk then keeps no set of the nodes it saw (on GitHub's
 * description, about 40 of 110 ms).
 */
export function walk(root: unknown, visit: (value: unknown, trail: Trail | undefined) => boolean | void, objectsOnly = false, tree = false): void {
  // Two stacks side by side rather than one of pairs: a walk of a whole description then allocates one object per node, its trail.
  const values: unknown[] = [root];
  const trails: (Trail | undefined)[] = [undefined];
  const seen = tree ? undefined : new Set<object>();
  const keysOf = keyReader(root);
  while (values.length > 0) {
    const value = values.pop();
    const trail = trails.pop();
    if (seen !== undefined && typeof value === 'object' && value !== null) {
      if (seen.has(value)) continue;
      seen.add(value);
    }
    if (visit(value, trail) === false) continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const item: unknown = value[i];
        if (objectsOnly && (typeof item !== 'object' || item === null)) continue;
        values.push(item);
        trails.push({ parent: trail, key: i });
      }
    } else if (isObject(value)) {
      const keys = keysOf(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        if (typeof key !== 'string') continue;
        // Read once: each read of a Spectral object's member goes through its Proxy.
        const member = value[key];
        if (objectsOnly && (typeof member !== 'object' || member === null)) continue;
        values.push(member);
        trails.push({ parent: trail, key });
      }
    }
  }
}

/**
 * Every string inside an example value (keys excluded) that `accept` takes, with its location: for rules
 * that read example text. A location is built only for a string taken, so a search costs one visit per node.
 */
export function stringsIn(example: Located, accept: (text: string) => boolean = () => true): Located<string>[] {
  const found: Located<string>[] = [];
  walk(example.value, (value, trail) => {
    if (typeof value === 'string' && accept(value)) found.push({ value, location: pathOf(example.location, trail) });
  });
  return found;
}

/** A text as a message quotes it, cut so that the message stays short. */
export const clip = (text: string, max = 40): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** How a value reads in a message: `the string "yes"`, `the number 1`, `null`, `an object`, `an array`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(clip(value))}`;
  return `the ${typeof value} ${String(value)}`;
}
