/**
 * What an edit of a description may change, found on the text's own syntax tree independently of the
 * writer: the text of each edited object. `outsideObjects` cuts those out (the outermost of nested ones),
 * so that the original and the edited text must give the same rest, byte for byte.
 */
import * as Parsers from '@stoplight/spectral-parsers';
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import type { JsonPath } from '../../lib/document/document';

type Range = [number, number];
type JsonNode = ReturnType<typeof Parsers.parseJson>['ast'];

/** Where the node at each path is written, on one parse of the text (the last of two equal keys, as readers keep). */
function rangesOf(text: string, isJson: boolean, paths: readonly JsonPath[]): (Range | undefined)[] {
  if (isJson) {
    const root = Parsers.parseJson(text).ast;
    return paths.map(path => {
      let node: JsonNode | undefined = root;
      for (const key of path) {
        if (node?.type === 'array') node = node.children?.[Number(key)];
        else node = node?.children?.filter(property => property.children?.[0].value === String(key)).pop()?.children?.[1];
      }
      return node === undefined ? undefined : [node.offset, node.offset + node.length];
    });
  }
  const root = parseDocument(text).contents;
  return paths.map(path => {
    let node: unknown = root;
    for (const key of path) {
      if (isSeq(node)) node = node.items[Number(key)];
      else if (isMap(node)) node = node.items.filter(pair => String(isScalar(pair.key) ? pair.key.value : pair.key) === String(key)).pop()?.value;
      else return undefined;
    }
    const range = (node as Node | undefined)?.range;
    return range ? [range[0], range[1]] : undefined;
  });
}

/** The text without the objects at `paths`; undefined when one is not found written in the file (behind an alias). */
export function outsideObjects(text: string, isJson: boolean, paths: readonly JsonPath[]): string | undefined {
  const ranges = rangesOf(text, isJson, paths);
  if (ranges.some(range => range === undefined)) return undefined;
  const sorted = (ranges as Range[]).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of sorted) {
    if (start < at) continue;
    parts.push(text.slice(at, start));
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('\u0000');
}
