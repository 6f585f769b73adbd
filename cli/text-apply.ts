/**
 * The edits applied to the description's own text (by `fix --apply`, and by `lsp` as an editor's text edits), in its own format, changing no byte outside what
 * they add (json-text.ts, yaml-text.ts). A byte-order mark stays. Before anything is written, the edited
 * text is read back and must be exactly the document the edits describe (what an Overlay tool would
 * make of it); an edit that cannot be made so is left for a person, with the reason.
 */
import { isDeepStrictEqual } from 'node:util';
import { isObject, type JsonObject } from '../lib/document/document';
import { mergeInto, type Edit } from '../lib/findings/edits';
import { copyOf, planChanges, spliceText, type Changes, type Splice, type SyntaxTree } from './text-changes';
import { jsonSplices, jsonTree, readJson, type JsonNode } from './json-text';
import { readYaml, yamlSplices, yamlTree, type YamlNode } from './yaml-text';

export interface Refusal {
  edit: Edit;
  reason: string;
}

export interface Applied {
  text: string;
  /** The edits made (those whose target is not in the file change nothing, as in an Overlay). */
  applied: Edit[];
  refused: Refusal[];
}

interface Format<N> {
  tree(text: string): SyntaxTree<N>;
  splices(text: string, changes: Changes<N>): Splice[];
  /** The text's data, as a reader sees it; undefined when it does not parse. */
  read(text: string): unknown;
}

/**
 * What a text parses to, kept by a caller that applies several sets of edits to one text (the language
 * server, a quick fix at a time): its syntax tree and its data are read once, not at every call.
 */
export interface Readings {
  tree?: unknown;
  data?: unknown;
}

const JSON_TEXT: Format<JsonNode> = { tree: jsonTree, splices: jsonSplices, read: readJson };
const YAML_TEXT: Format<YamlNode> = { tree: yamlTree, splices: yamlSplices, read: readYaml };
const BOM = '\uFEFF';

/** The description's text with the edits applied; a byte-order mark is kept. */
export function applyToText(text: string, isJson: boolean, edits: readonly Edit[], readings: Readings = {}): Applied {
  const bom = text.startsWith(BOM) ? BOM : '';
  const body = text.slice(bom.length);
  const applied = isJson ? applyIn(JSON_TEXT, body, edits, readings) : applyIn(YAML_TEXT, body, edits, readings);
  return { ...applied, text: bom + applied.text };
}

/** The splices that make `edits` in a text without its byte-order mark (edits the writer made: see applyToText). */
export function splicesFor(body: string, isJson: boolean, edits: readonly Edit[], readings: Readings = {}): Splice[] {
  return isJson ? splicesIn(JSON_TEXT, body, edits, readings) : splicesIn(YAML_TEXT, body, edits, readings);
}

const treeOf = <N>(format: Format<N>, text: string, readings: Readings) => (readings.tree ??= format.tree(text)) as SyntaxTree<N>;

function splicesIn<N>(format: Format<N>, text: string, edits: readonly Edit[], readings: Readings): Splice[] {
  return format.splices(text, planChanges(treeOf(format, text, readings), edits).changes);
}

/**
 * Edits that change only content of their own are made together. An edit that reaches an anchored YAML
 * node (directly, through an alias or a merge key) changes every place that shares it: it is made only
 * when the result is still what the edits describe everywhere (each user of the anchor gets the same
 * edit), else refused, one anchor at a time.
 */
function applyIn<N>(format: Format<N>, text: string, edits: readonly Edit[], readings: Readings): Applied {
  const { anchors, unsupported } = planChanges(treeOf(format, text, readings), edits);
  const refused: Refusal[] = [...unsupported].map(([edit, reason]) => ({ edit, reason }));
  // Never changed here: intended() merges into a copy.
  const original = (readings.data ??= format.read(text));
  if (original === undefined) return { text, applied: [], refused: edits.map(edit => ({ edit, reason: 'this writer cannot read the file as the lint did' })) };
  const attempt = (subset: readonly Edit[]) => {
    const edited = spliceText(text, splicesIn(format, text, subset, readings));
    return isDeepStrictEqual(format.read(edited), intended(original, subset)) ? edited : undefined;
  };
  let applied: Edit[] = [];
  let written = text;
  const tryAdding = (group: readonly Edit[]) => {
    const tried = attempt([...applied, ...group]);
    if (tried === undefined) return false;
    applied = [...applied, ...group];
    written = tried;
    return true;
  };
  const refuse = (group: readonly Edit[], reason: string) => refused.push(...group.map(edit => ({ edit, reason })));
  const usable = edits.filter(edit => !unsupported.has(edit));
  for (const [shared, group] of byAnchors(usable, anchors)) {
    if (tryAdding(group)) continue;
    if (shared !== '') refuse(group, `it would change ${shared}, which other places share through an alias or a merge key; change it there, or here, by hand`);
    // Never expected: one at a time, so that an edit this writer gets wrong is the only one left out.
    else
      for (const edit of group) if (!tryAdding([edit])) refuse([edit], 'the edited text would not read as this edit says (please report this with the file)');
  }
  return { text: written, applied, refused };
}

/** The edits by the anchors they change ('' for none), those changing none first. */
function byAnchors(edits: readonly Edit[], anchors: Map<Edit, Set<string>>): Map<string, Edit[]> {
  const groups = new Map<string, Edit[]>([['', []]]);
  for (const edit of edits) {
    const key = [...(anchors.get(edit) ?? [])].sort().join(' and ');
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(edit);
  }
  return groups;
}

/** The document the edits describe: each update merged into its target, as an Overlay update merges. */
function intended(original: unknown, edits: readonly Edit[]): unknown {
  const data = copyOf(original);
  for (const edit of edits) {
    const target = edit.target.reduce<unknown>(
      (node, key) => (isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined),
      data,
    );
    if (isObject(target)) mergeInto(target, copyOf(edit.update) as JsonObject);
  }
  return data;
}
