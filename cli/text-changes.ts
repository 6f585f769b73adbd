/**
 * What the edits change in a file's syntax tree, whatever its format: the members each map gains, the
 * items each list gains, the scalars replaced. Planned per node, as an Overlay update merges, so that two
 * edits reaching one node (through a YAML alias, or a target nested in another's) add a member once.
 * The JSON and YAML trees (json-text.ts, yaml-text.ts) answer the questions and render the changes.
 */
import { isObject, type JsonObject, type JsonPath } from '../lib/document/document';
import { mergeInto, type Edit } from '../lib/findings/edits';

/** A node of a syntax tree as the planner sees it. */
export type Kind = 'map' | 'list' | 'scalar' | 'other';

/** A child node, and the shared content it was reached through (a YAML anchor reached by a merge key). */
export interface Step<N> {
  node: N;
  /** The anchor of the merged map the member comes from, if it does. */
  mergedFrom?: string;
}

export interface SyntaxTree<N> {
  root: N | undefined;
  /** The node under `key`: a map's own member, else one it merges; a list's item; aliases followed. */
  child(node: N, key: string | number): Step<N> | undefined;
  kind(node: N): Kind;
  /** A list's items as data, to add only the items it lacks. */
  itemValues(node: N): unknown[];
  /** Where other places share this node (a YAML anchor, named with its line), or undefined. */
  anchorOf(node: N): string | undefined;
}

export interface Changes<N> {
  added: Map<N, JsonObject>;
  appended: Map<N, unknown[]>;
  replaced: Map<N, unknown>;
}

export interface Planned<N> {
  changes: Changes<N>;
  /** The anchors each edit changes content of: edited there, every user of the anchor changes. */
  anchors: Map<Edit, Set<string>>;
  /** Edits a text edit cannot make as the Overlay would (a list or map replaced by a scalar), with why. */
  unsupported: Map<Edit, string>;
}

/** The changes that merge each edit's update into its target; an edit whose target is not a map of the file changes nothing (the Overlay skips it too). */
export function planChanges<N>(tree: SyntaxTree<N>, edits: readonly Edit[]): Planned<N> {
  const planned: Planned<N> = { changes: { added: new Map(), appended: new Map(), replaced: new Map() }, anchors: new Map(), unsupported: new Map() };
  for (const edit of edits) {
    const anchors = new Set<string>();
    const target = walk(tree, edit.target, anchors);
    if (target === undefined || tree.kind(target) !== 'map') continue;
    const unsupported = mergeMembers(tree, planned.changes, target, edit.update, anchors);
    planned.anchors.set(edit, anchors);
    if (unsupported !== undefined) planned.unsupported.set(edit, unsupported);
  }
  return planned;
}

/** The node at `path`, noting every anchor on the way. */
function walk<N>(tree: SyntaxTree<N>, path: JsonPath, anchors: Set<string>): N | undefined {
  let node = tree.root;
  if (node !== undefined) note(tree, node, anchors);
  for (const key of path) {
    const step = node === undefined ? undefined : tree.child(node, key);
    if (step === undefined) return undefined;
    if (step.mergedFrom !== undefined) anchors.add(step.mergedFrom);
    node = step.node;
    note(tree, node, anchors);
  }
  return node;
}

function note<N>(tree: SyntaxTree<N>, node: N, anchors: Set<string>): void {
  const anchor = tree.anchorOf(node);
  if (anchor !== undefined) anchors.add(anchor);
}

/** Merges `update` into the map `node`; returns why not, when some member cannot be merged as text. */
function mergeMembers<N>(tree: SyntaxTree<N>, changes: Changes<N>, node: N, update: JsonObject, anchors: Set<string>): string | undefined {
  let unsupported: string | undefined;
  for (const [key, value] of Object.entries(update)) {
    const step = tree.child(node, key);
    // A merged scalar is overridden where it is used, as a merge key means: the anchor stays as it was.
    if (step === undefined || (step.mergedFrom !== undefined && tree.kind(step.node) === 'scalar' && isScalarValue(value))) {
      addMember(changes, node, key, value);
      continue;
    }
    if (step.mergedFrom !== undefined) anchors.add(step.mergedFrom);
    note(tree, step.node, anchors);
    unsupported = mergeValue(tree, changes, step.node, value, anchors) ?? unsupported;
  }
  return unsupported;
}

function mergeValue<N>(tree: SyntaxTree<N>, changes: Changes<N>, node: N, value: unknown, anchors: Set<string>): string | undefined {
  const kind = tree.kind(node);
  if (kind === 'map' && isObject(value)) return mergeMembers(tree, changes, node, value, anchors);
  if (kind === 'list' && Array.isArray(value)) return appendItems(tree, changes, node, value);
  if (kind === 'scalar' && isScalarValue(value)) return void changes.replaced.set(node, value);
  return `it would replace a ${kind === 'other' ? 'value' : kind} of the file by ${Array.isArray(value) ? 'a list' : isObject(value) ? 'a map' : 'a scalar'}`;
}

const isScalarValue = (value: unknown) => !isObject(value) && !Array.isArray(value);

/** A deep copy in plain objects and arrays: nothing shared (an alias's data), nothing but data, from one realm, so two copies compare by content alone. */
export function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return Array.from(value, copyOf);
  return isObject(value) ? Object.fromEntries(Object.entries(value).map(([key, member]) => [key, copyOf(member)])) : value;
}

/** A member the map lacks, merged with what earlier edits already add there. */
function addMember<N>(changes: Changes<N>, node: N, key: string, value: unknown): void {
  const added = changes.added.get(node) ?? {};
  changes.added.set(node, added);
  mergeInto(added, { [key]: copyOf(value) });
}

function appendItems<N>(tree: SyntaxTree<N>, changes: Changes<N>, node: N, items: readonly unknown[]): undefined {
  const appended = changes.appended.get(node) ?? [];
  changes.appended.set(node, appended);
  const present = new Set([...tree.itemValues(node), ...appended].map(item => JSON.stringify(item)));
  for (const item of items) {
    if (!present.has(JSON.stringify(item))) appended.push(copyOf(item));
    present.add(JSON.stringify(item));
  }
  return undefined;
}

/** A piece of the text, `[start, end)`, replaced by `insert`. */
export interface Splice {
  start: number;
  end: number;
  insert: string;
  /** The indentation of what is inserted: where two insertions meet, the deeper one comes first in the file. */
  depth: number;
}

/** The splices made to `text`, from the end backwards so that earlier offsets stay valid; at one offset, deeper first, then in the order given. */
export function spliceText(text: string, splices: readonly Splice[]): string {
  const order = splices.map((splice, index) => ({ ...splice, index }));
  order.sort((a, b) => b.start - a.start || a.depth - b.depth || b.index - a.index);
  const parts: string[] = [];
  let end = text.length;
  for (const splice of order) {
    parts.push(text.slice(splice.end, end), splice.insert);
    end = splice.start;
  }
  parts.push(text.slice(0, end));
  return parts.reverse().join('');
}
