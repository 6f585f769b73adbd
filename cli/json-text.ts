/**
 * JSON edited as text: the syntax tree of Spectral's own JSON reader (jsonc-parser's, through
 * @stoplight/json) gives each node's offsets, the very nodes the lint's paths name, and every change is a splice
 * of new text at one of them, so every other byte stays as written (number literals such as
 * `9223372036854775807` or `1.50`, escapes such as `\u00e9` and `\/`, one-line objects, line endings).
 * New members follow the style of the object they go into: one per line at its members' indentation in
 * an object written on several lines, on the same line in an object written on one.
 */
import * as Parsers from '@stoplight/spectral-parsers';
import { DiagnosticSeverity } from '@stoplight/types';
import { isObject, type JsonObject } from '../lib/document/document';
import { copyOf, type Changes, type Kind, type Splice, type SyntaxTree } from './text-changes';

/** A node of the syntax tree of Spectral's JSON reader (jsonc-parser's). */
export type JsonNode = ReturnType<typeof Parsers.parseJson>['ast'];

export function jsonTree(text: string): SyntaxTree<JsonNode> {
  return {
    root: Parsers.parseJson(text).ast,
    child(node, key) {
      if (node.type === 'array') {
        const item = Number.isInteger(Number(key)) ? node.children?.[Number(key)] : undefined;
        return item === undefined ? undefined : { node: item };
      }
      // The last of two equal keys is the one every JSON reader keeps.
      const member = node.type === 'object' ? node.children?.filter(property => property.children?.[0].value === String(key)).pop() : undefined;
      const value = member?.children?.[1];
      return value === undefined ? undefined : { node: value };
    },
    kind: node => KINDS[node.type],
    itemValues: node => (node.children ?? []).map(valueOf),
    anchorOf: () => undefined,
  };
}

const KINDS: Record<JsonNode['type'], Kind> = {
  object: 'map',
  array: 'list',
  property: 'other',
  string: 'scalar',
  number: 'scalar',
  boolean: 'scalar',
  null: 'scalar',
};

/** A node's value as data. */
function valueOf(node: JsonNode): unknown {
  if (node.type === 'array') return (node.children ?? []).map(valueOf);
  if (node.type !== 'object') return node.value;
  return Object.fromEntries((node.children ?? []).map(property => [property.children![0].value, valueOf(property.children![1])]));
}

/**
 * The data of a JSON text as the lint reads it, in plain objects (the reader's keep their key order in a
 * proxy); undefined when the lint would refuse it. Strict JSON reads the same with `JSON.parse`, in a
 * fraction of the time and memory on a large file; only other text (comments, a trailing comma) needs the lint's reader.
 */
export function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not strict JSON: the lint's reader decides whether it reads.
  }
  const { data, diagnostics } = Parsers.parseJson(text);
  return diagnostics.some(diagnostic => diagnostic.severity === DiagnosticSeverity.Error) ? undefined : copyOf(data);
}

/** How the file is written: its line ending, one level of indentation, and whether `:` and `,` are followed by a space. */
interface Style {
  eol: string;
  unit: string;
  spaced: boolean;
}

function styleOf(text: string): Style {
  return {
    eol: /\r\n/.test(text.slice(0, text.indexOf('\n') + 1)) ? '\r\n' : '\n',
    unit: /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ',
    spaced: /"\s*:\s/.test(text.slice(0, 4096)) || !/"\s*:/.test(text.slice(0, 4096)),
  };
}

/** The splices that make `changes` in the JSON `text`. */
export function jsonSplices(text: string, changes: Changes<JsonNode>): Splice[] {
  const style = styleOf(text);
  return [
    ...[...changes.added].map(([node, members]) =>
      appendTo(
        text,
        node,
        Object.entries(members).map(
          ([key, value]) =>
            (indent: string | undefined) =>
              `${JSON.stringify(key)}:${style.spaced || indent !== undefined ? ' ' : ''}${render(value, style, indent)}`,
        ),
        style,
      ),
    ),
    ...[...changes.appended]
      .filter(([, items]) => items.length > 0)
      .map(([node, items]) =>
        appendTo(
          text,
          node,
          items.map(item => (indent: string | undefined) => render(item, style, indent)),
          style,
        ),
      ),
    ...[...changes.replaced].map(([node, value]) => ({ start: node.offset, end: node.offset + node.length, insert: JSON.stringify(value), depth: 0 })),
  ];
}

/**
 * New entries (each rendered for an indentation, or undefined for one line) after the last of an object
 * or array: on lines of their own where it spans lines, else on its line.
 */
function appendTo(text: string, node: JsonNode, entries: ((indent: string | undefined) => string)[], style: Style): Splice {
  const children = node.children ?? [];
  const last = children[children.length - 1];
  const start = last === undefined ? node.offset + 1 : last.offset + last.length;
  if (!text.slice(node.offset, node.offset + node.length).includes('\n')) {
    const separator = style.spaced ? ', ' : ',';
    return { start, end: start, insert: `${last === undefined ? '' : separator}${entries.map(entry => entry(undefined)).join(separator)}`, depth: 0 };
  }
  const indent = last === undefined ? indentAt(text, node.offset + node.length - 1) + style.unit : indentAt(text, last.offset);
  return { start, end: start, insert: `${last === undefined ? '' : ','}${entries.map(entry => `${style.eol}${indent}${entry(indent)}`).join(',')}`, depth: 0 };
}

/** The whitespace that begins the line holding `offset`. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

/** A new value: pretty-printed on lines at `indent` in the file's style, or on one line. */
function render(value: unknown, style: Style, indent: string | undefined): string {
  if (indent !== undefined)
    return JSON.stringify(value, null, style.unit)
      .split('\n')
      .join(style.eol + indent);
  if (!style.spaced || !(isObject(value) || Array.isArray(value))) return JSON.stringify(value);
  return Array.isArray(value)
    ? `[${value.map(item => render(item, style, undefined)).join(', ')}]`
    : `{${Object.entries(value as JsonObject)
        .map(([key, member]) => `${JSON.stringify(key)}: ${render(member, style, undefined)}`)
        .join(', ')}}`;
}
