/**
 * YAML edited as text: the `yaml` package's syntax tree gives each node's offsets, and each new member or
 * list item is inserted where its map or list ends, in the style (block or flow), indentation and line
 * ending already there; a replaced scalar rewrites only itself. Every other byte stays as it was:
 * comments, folding, quoting, key order. Aliases and merge keys (`<<: *base`) are followed to the
 * anchored node, as every YAML reader does; text-apply.ts decides whether an edit may change that node.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, stringify, type Node, type Pair } from 'yaml';
import type { JsonObject } from '../lib/document/document';
import { copyOf, type Changes, type Splice, type Step, type SyntaxTree } from './text-changes';

/** What a map's member or a list's item is in the tree: a node, or the pair of a key written without a value. */
export type YamlNode = Node | Pair;

const OPTIONS = { merge: true, uniqueKeys: false } as const;

export function yamlTree(text: string): SyntaxTree<YamlNode> {
  const document = parseDocument(text, OPTIONS);
  const resolve = (node: unknown): YamlNode | undefined => (isAlias(node) ? (node.resolve(document) ?? undefined) : (node as YamlNode | undefined));
  const labels = new Map<YamlNode, string>();
  const anchorOf = (node: YamlNode) => {
    if (isPair(node) || node.anchor === undefined) return undefined;
    if (!labels.has(node))
      labels.set(node, `&${node.anchor} (line ${text.slice(0, text.lastIndexOf(`&${node.anchor}`, node.range?.[0] ?? 0)).split('\n').length})`);
    return labels.get(node);
  };

  function child(node: YamlNode, key: string | number): Step<YamlNode> | undefined {
    if (isSeq(node)) {
      const item = Number.isInteger(Number(key)) ? resolve(node.items[Number(key)]) : undefined;
      return item === undefined ? undefined : { node: item };
    }
    if (!isMap(node)) return undefined;
    // The last of two equal keys is the one a reader keeps; `200:` is the key "200" of the data.
    const own = node.items.filter(pair => !isMergeKey(pair.key) && String(isScalar(pair.key) ? pair.key.value : pair.key) === String(key)).pop();
    const value = own === undefined ? undefined : own.value === null ? own : resolve(own.value);
    if (value !== undefined) return { node: value };
    for (const source of mergedMaps(node)) {
      const found = child(source, key);
      if (found !== undefined) return { node: found.node, mergedFrom: found.mergedFrom ?? anchorOf(source) };
    }
    return undefined;
  }

  /** The maps `<<` merges into `node`, first the one that wins. */
  function mergedMaps(node: YamlNode): YamlNode[] {
    if (!isMap(node)) return [];
    return node.items
      .filter(pair => isMergeKey(pair.key))
      .flatMap(pair => (isSeq(pair.value) ? pair.value.items : [pair.value]))
      .map(resolve)
      .filter((source): source is YamlNode => isMap(source));
  }

  return {
    root: document.contents ?? undefined,
    child,
    kind: node => (isMap(node) ? 'map' : isSeq(node) ? 'list' : isScalar(node) ? 'scalar' : 'other'),
    itemValues: node => (isSeq(node) ? (node.toJS(document) as unknown[]) : []),
    anchorOf,
  };
}

const isMergeKey = (key: unknown) => isScalar(key) && (typeof key.value === 'symbol' || key.source === '<<');

/** The data of a YAML text (aliases and merge keys resolved, nothing shared), or undefined when it is no valid YAML. */
export function readYaml(text: string): unknown {
  const document = parseDocument(text, OPTIONS);
  return document.errors.length > 0 ? undefined : copyOf(document.toJS({ maxAliasCount: -1 }));
}

/** The splices that make `changes` in the YAML `text`. */
export function yamlSplices(text: string, changes: Changes<YamlNode>): Splice[] {
  const eol = /\r\n/.test(text.slice(0, text.indexOf('\n') + 1)) ? '\r\n' : '\n';
  const splices: Splice[] = [];
  for (const [node, members] of changes.added)
    if (isMap(node) && node.range) splices.push(appendMembers(text, node.range, node.flow === true, node.items, members));
  for (const [node, items] of changes.appended)
    if (isSeq(node) && node.range && items.length > 0) splices.push(appendItems(text, node.range, node.flow === true, node.items.length, items));
  for (const [node, value] of changes.replaced)
    if (isScalar(node) && node.range) splices.push({ start: node.range[0], end: node.range[1], insert: flowText(value), depth: 0 });
  return splices.map(splice => ({ ...splice, insert: splice.insert.replace(/\r?\n/g, eol) }));
}

const flowText = (value: unknown) => stringify(value, { collectionStyle: 'flow', lineWidth: 0 }).trim();
const columnOf = (text: string, offset: number) => offset - (text.lastIndexOf('\n', offset - 1) + 1);
/** Where a block collection's text ends: a new line goes after its last line break. */
const lineBreakBefore = (text: string, end: number) => (text[end - 1] === '\n' ? '' : '\n');

function appendMembers(text: string, range: [number, number, number], flow: boolean, items: readonly Pair[], members: JsonObject): Splice {
  const entries = Object.entries(members);
  if (flow) {
    const close = text.lastIndexOf('}', range[1] - 1);
    const count = items.length;
    return {
      start: close,
      end: close,
      insert: `${count > 0 ? ', ' : ''}${entries.map(([key, value]) => `${flowText(key)}: ${flowText(value)}`).join(', ')}${count > 0 ? ' ' : ''}`,
      depth: 0,
    };
  }
  const firstKey = items[0]?.key as { range?: [number, number, number] } | undefined;
  const indent = ' '.repeat(columnOf(text, firstKey?.range?.[0] ?? range[0]));
  const block = stringify(members, { lineWidth: 0 })
    .trimEnd()
    .split('\n')
    .map(line => indent + line)
    .join('\n');
  return { start: range[1], end: range[1], insert: `${lineBreakBefore(text, range[1])}${block}\n`, depth: indent.length };
}

function appendItems(text: string, range: [number, number, number], flow: boolean, count: number, items: unknown[]): Splice {
  if (flow) {
    const close = text.lastIndexOf(']', range[1] - 1);
    return { start: close, end: close, insert: `${count > 0 ? ', ' : ''}${items.map(flowText).join(', ')}`, depth: 0 };
  }
  const indent = ' '.repeat(columnOf(text, range[0]));
  return {
    start: range[1],
    end: range[1],
    insert: `${lineBreakBefore(text, range[1])}${items.map(item => `${indent}- ${flowText(item)}`).join('\n')}\n`,
    depth: indent.length,
  };
}
