/**
 * The fix engine's edits (lib/findings/edits.ts) as an editor's text edits: `fix --apply`'s writer
 * (cli/text-apply.ts) decides which edits can be made and proves the result, and its own splices are
 * handed to the editor instead of a whole new text, so comments, key order and line endings stay.
 */
import type { Range, TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { combine, type Edit } from '../../lib/findings/edits';
import { applyToText, splicesFor, type Readings } from '../text-apply';
import { spliceText, type Splice } from '../text-changes';

const BOM = '\uFEFF';

/** The text edits that make `edits` in the document, or none when the writer refuses them all; `readings` are the document's text read once. */
export function textEditsFor(document: TextDocument, isJson: boolean, edits: readonly Edit[], readings: Readings): TextEdit[] {
  const text = document.getText();
  const result = applyToText(text, isJson, combine(edits), readings);
  if (result.text === text) return [];
  const start = text.startsWith(BOM) ? BOM.length : 0;
  const body = text.slice(start);
  const splices = splicesFor(body, isJson, result.applied, readings);
  // The writer proved its text; its splices must make that very text, else the editor gets the difference as one edit.
  if (spliceText(body, splices) !== result.text.slice(start)) return [wholeChange(document, text, result.text)];
  return inTextOrder(splices).map(splice => ({ range: rangeOf(document, start + splice.start, start + splice.end), newText: splice.insert }));
}

/**
 * The splices in the order an editor applies them: by offset, and at one offset as spliceText writes them
 * (deeper first, then in the order given), each insertion at one offset merged into one edit.
 */
function inTextOrder(splices: readonly Splice[]): Splice[] {
  const order = splices.map((splice, index) => ({ ...splice, index }));
  order.sort((a, b) => a.start - b.start || b.depth - a.depth || a.index - b.index);
  const merged: Splice[] = [];
  for (const splice of order) {
    const last = merged[merged.length - 1];
    if (last !== undefined && last.start === splice.start && last.end === last.start && splice.end === splice.start) last.insert += splice.insert;
    else merged.push({ start: splice.start, end: splice.end, insert: splice.insert, depth: splice.depth });
  }
  return merged;
}

/** The one edit that turns `before` into `after`: what lies between their common start and common end. */
function wholeChange(document: TextDocument, before: string, after: string): TextEdit {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { range: rangeOf(document, head, before.length - tail), newText: after.slice(head, after.length - tail) };
}

const rangeOf = (document: TextDocument, start: number, end: number): Range => ({ start: document.positionAt(start), end: document.positionAt(end) });
