/**
 * Edits written out: as an OpenAPI Overlay 1.0.0 document, or applied to the description's own text.
 * YAML goes through the `yaml` package's document API, so comments, key order and quoting stay as they
 * were; JSON keeps its indentation. Nothing but the edited objects changes.
 */
import { isMap, isScalar, isSeq, parseDocument, stringify, type Document } from 'yaml';
import { version } from '../../package.json';
import { isObject, type JsonObject, type JsonPath } from '../../lib/document';
import { jsonPathOf, mergeInto, type Edit } from '../../lib/edits';
import type { FixPlan } from '../fixes';

/** The Overlay: one action per object changed, its description naming the rules and the findings it clears. */
export function renderOverlay(plan: FixPlan, described: string, json: boolean): string {
  const actions = plan.edits.map(edit => ({
    target: jsonPathOf(edit.target),
    description: `Clears ${[...edit.rules].map(([rule, count]) => `${count} ${rule}`).join(', ')}.`,
    update: edit.update,
  }));
  const overlay = { overlay: '1.0.0', info: { title: `spectral-agent-ux fixes for ${described}`, version }, actions };
  return json ? `${JSON.stringify(overlay, null, 2)}\n` : stringify(overlay, { lineWidth: 0 });
}

/** The description's text with the edits applied, in its own format. */
export function applyToText(text: string, isJson: boolean, edits: readonly Edit[]): string {
  return isJson ? applyToJson(text, edits) : applyToYaml(text, edits);
}

function applyToJson(text: string, edits: readonly Edit[]): string {
  const data = JSON.parse(text) as JsonObject;
  for (const edit of edits) {
    const target = edit.target.reduce<unknown>(
      (node, key) => (isObject(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[key] : undefined),
      data,
    );
    if (isObject(target)) mergeInto(target, edit.update);
  }
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? (text.includes('\n') ? '  ' : '');
  return `${JSON.stringify(data, null, indent)}${text.endsWith('\n') ? '\n' : ''}`;
}

/**
 * YAML edited as text: each new member or list item is inserted where its map or list ends, in the style
 * (block or flow) and indentation already there, and a replaced flag rewrites only its own scalar. Every
 * other byte of the file stays as it was: comments, folding, quoting, key order.
 */
function applyToYaml(text: string, edits: readonly Edit[]): string {
  const document = parseDocument(text, { keepSourceTokens: true });
  const splices: Splice[] = [];
  for (const edit of edits) spliceInto(document, text, edit.target, edit.update, splices);
  // From the end of the file backwards, so that earlier offsets stay valid. Where a nested map ends with its
  // parent, both insert at one offset: the deeper insertion must come first, so it is applied last.
  return [...splices]
    .sort((a, b) => b.start - a.start || a.depth - b.depth)
    .reduce((result, { start, end, insert }) => result.slice(0, start) + insert + result.slice(end), text);
}

interface Splice {
  start: number;
  end: number;
  insert: string;
  /** The indentation of what is inserted: deeper first where two insertions meet. */
  depth: number;
}

const flowText = (value: unknown) => stringify(value, { collectionStyle: 'flow', lineWidth: 0 }).trim();
const columnOf = (text: string, offset: number) => offset - (text.lastIndexOf('\n', offset - 1) + 1);

/** The splices that merge `update` into the map at `path`: new keys appended, maps merged, lists extended, scalars replaced. */
function spliceInto(document: Document, text: string, path: JsonPath, update: JsonObject, splices: Splice[]): void {
  const node = document.getIn(path, true);
  if (!isMap(node) || node.range == null) return;
  const added: [string, unknown][] = [];
  for (const [key, value] of Object.entries(update)) {
    const current = node.get(key, true);
    if (current === undefined) added.push([key, value]);
    else if (isMap(current) && isObject(value)) spliceInto(document, text, [...path, key], value, splices);
    else if (isSeq(current) && Array.isArray(value) && current.range != null) {
      const present = new Set(current.toJSON().map((item: unknown) => JSON.stringify(item)));
      const items = value.filter(item => !present.has(JSON.stringify(item)));
      if (items.length > 0) splices.push(appendItems(text, current.range, current.flow === true, current.items.length, items));
    } else if (isScalar(current) && current.range != null) splices.push({ start: current.range[0], end: current.range[1], insert: flowText(value), depth: 0 });
  }
  if (added.length > 0) splices.push(appendMembers(text, node.range, node.flow === true, node.items.length, node.items[0]?.key, added));
}

function appendMembers(text: string, range: [number, number, number], flow: boolean, count: number, firstKey: unknown, members: [string, unknown][]): Splice {
  if (flow) {
    const close = text.lastIndexOf('}', range[1] - 1);
    return {
      start: close,
      end: close,
      insert: `${count > 0 ? ', ' : ''}${members.map(([key, value]) => `${flowText(key)}: ${flowText(value)}`).join(', ')}${count > 0 ? ' ' : ''}`,
      depth: 0,
    };
  }
  const keyStart = (firstKey as { range?: [number, number, number] } | undefined)?.range?.[0] ?? range[0];
  const indent = ' '.repeat(columnOf(text, keyStart));
  const block = stringify(Object.fromEntries(members), { lineWidth: 0 })
    .trimEnd()
    .split('\n')
    .map(line => indent + line)
    .join('\n');
  return { start: range[1], end: range[1], insert: `${text[range[1] - 1] === '\n' ? '' : '\n'}${block}\n`, depth: indent.length };
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
    insert: `${text[range[1] - 1] === '\n' ? '' : '\n'}${items.map(item => `${indent}- ${flowText(item)}`).join('\n')}\n`,
    depth: indent.length,
  };
}
