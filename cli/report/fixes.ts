/**
 * The top fixes: cells with findings (failing or baselined) grouped by the fix that clears them. A finding
 * the fix engine can clear (cli/fixes.ts) joins its rule's automatic fix: every edit of that rule, in one
 * component or in many, is one step for `spectral-agent-ux fix`. Any other finding is grouped by the place
 * its fix goes (the shared component a `$ref` points to, or the operation's inline schema) and the rule.
 * The list is ordered by the cells a fix alone turns green. A schema that also serves another role (a
 * success schema that is a request body too) is not the place for a response-only field: the fix then says
 * so and proposes the narrower edit.
 */
import type { Edit } from '../../lib/rules/edits';
import { byCodePoint } from '../place';
import { startsWith, toPointer, type JsonPath, type OpenApiDocument, type Operation } from '../../lib/document/document';
import { PRINCIPLES, type FixSite, type Principle } from './principles';
import type { Cell, CellDiagnostic, Row } from './scorecard';
import { otherUses, schemaUses, type Role } from '../../lib/document/uses';

export interface Fix {
  principle: Principle;
  /** Where the edit goes (the first place, for an automatic fix in several). */
  target: JsonPath;
  /** Every place the fix edits, sorted; one for a fix by hand. */
  targets: JsonPath[];
  /** True when `spectral-agent-ux fix` makes these edits. */
  automatic: boolean;
  /** True when the target is outside the operations it fixes (a component they share). */
  shared: boolean;
  /** Cells this edit alone turns green. */
  cellsFixed: number;
  /** Cells with at least one diagnostic this edit removes. */
  cellsAffected: number;
  operations: Operation[];
  /** One of the diagnostics, for its exact wording. */
  example: string;
  /** The other roles of the target schema ("the request body of POST /pets"): then the edit must not go there. */
  otherUses: string[];
}

const SCHEMA_ROLES: Partial<Record<FixSite, Role>> = { 'error schema': 'error response', 'success schema': 'success response' };

/** The response a diagnostic is about, from its path `…/<method>/responses/<status>/…`. */
function responseOf(doc: OpenApiDocument, operation: Operation, path: JsonPath) {
  const depth = operation.location.length;
  if (path[depth] !== 'responses') return undefined;
  return doc.responses(operation).find(response => response.status === String(path[depth + 1]));
}

/** The schema (after `$ref`s) of the response body the diagnostic sits in, or the first JSON body's. */
function schemaTarget(doc: OpenApiDocument, operation: Operation, path: JsonPath, fallback: JsonPath): JsonPath {
  const response = responseOf(doc, operation, path);
  if (response === undefined) return fallback;
  const schemas = doc.jsonBodies(operation, response).flatMap(body => (body.schema === undefined ? [] : [body.schema]));
  const schema = schemas.find(candidate => candidate.location !== undefined && startsWith(path, candidate.location)) ?? schemas[0];
  if (schema === undefined) return fallback;
  return doc.resolve(schema.value, schema.location)?.location ?? schema.location ?? fallback;
}

function fixTarget(doc: OpenApiDocument, principle: Principle, operation: Operation, path: JsonPath): JsonPath {
  if (principle.fixSite === 'operation') return operation.location;
  const response = responseOf(doc, operation, path);
  const responseTarget = response?.location ?? response?.at ?? path;
  return principle.fixSite === 'response' ? responseTarget : schemaTarget(doc, operation, path, responseTarget);
}

interface Group {
  principle: Principle;
  targets: Map<string, JsonPath>;
  automatic: boolean;
  /** The cells with a diagnostic this group's edit removes, and their rows. */
  cells: Map<Cell, Row>;
  example: string;
}

/** The group a diagnostic's cell joins: its rule's automatic fix, or the place its fix by hand goes. */
function groupOf(doc: OpenApiDocument, principle: Principle, row: Row, diagnostic: CellDiagnostic, edits: Edit[] | undefined) {
  if (edits !== undefined) return { key: JSON.stringify(['automatic', principle.rule]), targets: edits.map(edit => edit.target), automatic: true };
  const target = fixTarget(doc, principle, row.operation, diagnostic.path);
  return { key: JSON.stringify([principle.rule, target]), targets: [target], automatic: false };
}

/** The engine's edits for a finding of a rule, if it can fix it. */
export type EditsFor = (rule: string, diagnostic: CellDiagnostic) => Edit[] | undefined;

export function topFixes(doc: OpenApiDocument, rows: readonly Row[], editsFor: EditsFor = () => undefined): Fix[] {
  const groups = new Map<string, Group>();
  // The groups each cell needs, to tell which cells one group turns green by itself.
  const needs = new Map<Cell, Set<string>>();
  for (const row of rows) {
    for (const principle of PRINCIPLES) {
      const cell = row.cells[principle.id];
      for (const diagnostic of cell.diagnostics ?? []) {
        const { key, targets, automatic } = groupOf(doc, principle, row, diagnostic, editsFor(principle.rule, diagnostic));
        const group = groups.get(key) ?? { principle, targets: new Map(), automatic, cells: new Map<Cell, Row>(), example: diagnostic.message };
        for (const target of targets) group.targets.set(toPointer(target), target);
        groups.set(key, group);
        group.cells.set(cell, row);
        needs.set(cell, (needs.get(cell) ?? new Set()).add(key));
      }
    }
  }
  const uses = groups.size === 0 ? new Map() : schemaUses(doc);
  const fixes = [...groups.values()].map((group): Fix => {
    // The engine already keeps its edits off schemas with other roles; a fix by hand is told where not to go.
    const role = group.automatic ? undefined : SCHEMA_ROLES[group.principle.fixSite];
    // A shared component first (it serves most cells), and the schema that gains a member before the `components/schemas` that gains a new one.
    const inline = (target: JsonPath) => (target[0] === 'paths' ? 1 : 0);
    const targets = [...group.targets.entries()]
      .sort(([a, x], [b, y]) => inline(x) - inline(y) || y.length - x.length || byCodePoint(a, b))
      .map(([, target]) => target);
    return {
      principle: group.principle,
      target: targets[0],
      targets,
      automatic: group.automatic,
      shared: [...group.cells.values()].some(row => !targets.some(target => startsWith(target, row.operation.location))),
      cellsFixed: [...group.cells.keys()].filter(cell => needs.get(cell)!.size === 1).length,
      cellsAffected: group.cells.size,
      operations: [...group.cells.values()].map(row => row.operation),
      example: group.example,
      otherUses: role === undefined ? [] : otherUses(uses, targets[0], role),
    };
  });
  return fixes.sort((a, b) => b.cellsFixed - a.cellsFixed || b.cellsAffected - a.cellsAffected || byCodePoint(toPointer(a.target), toPointer(b.target)));
}
