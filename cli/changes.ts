/**
 * Triage: the findings of this package (baselined ones aside) grouped by the one change that clears them,
 * so that an owner facing thousands of findings starts with the few edits that clear most of them. The
 * findings of a rule on one shared component are one schema change; findings in operations that say the
 * same thing (one inline error body copied into every operation, with the same defect) are one pattern.
 * The lint keeps one diagnostic per place: only `report` (every format, and so the Action's job summary) and `fix --only`
 * group them, here alone.
 */
import { createHash } from 'node:crypto';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { toPointer, valueAt, type JsonPath, type Operation } from '../lib/document/document';
import { combine, type Edit } from '../lib/findings/edits';
import { componentOf } from '../lib/findings/rule-function';
import { findingEdits, pendingFindings } from './fixes';
import type { LintedDocument } from './lint';
import { byCodePoint, operationsAround, ownersOf } from './place';

export type ChangeKind = 'component' | 'pattern' | 'place';

export interface Change {
  /** What `fix --only` takes: `<rule>@<pointer>` for a component or one place, `<rule>@pattern-<hash>` for a pattern. */
  id: string;
  rule: string;
  kind: ChangeKind;
  /** The component, the place, or the first place of a pattern. */
  target: JsonPath;
  /** Where each finding sits, in document order: for a pattern, every copy of the defect. */
  places: JsonPath[];
  findings: ISpectralDiagnostic[];
  /** The operations the findings stand for (every user of a component). */
  operations: Operation[];
  /** What the findings say without the operation's label: one text for every copy of a pattern. */
  text: string;
  /** The edits `fix --only` makes, combined per object; empty when the findings need a person. */
  edits: Edit[];
  /** True when every finding has edits. */
  automatic: boolean;
  /** For a pattern: every place holds the same JSON (one inline body copied into each operation), so one component can replace the copies. */
  identical: boolean;
}

/** A short, stable name for a repeated text (the pattern's id must survive a re-run of the lint). */
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

/**
 * The finding's text after its label: "POST /a 400: text" and "POST /a 400 (used by 3 responses): text"
 * both give "text" (the label is the operation's method and path, then anything up to the first ": ").
 */
function withoutLabel(message: string, operation: Operation | undefined): string {
  const label = operation === undefined ? undefined : `${operation.method.toUpperCase()} ${operation.path}`;
  if (label === undefined || !message.startsWith(label)) return message;
  const colon = message.indexOf(': ', label.length);
  return colon < 0 ? message : message.slice(colon + 2);
}

interface Group {
  rule: string;
  kind: ChangeKind;
  key: string;
  findings: ISpectralDiagnostic[];
  text: string;
}

/** Which group a finding joins: the component it sits in, or the inline text it shares with other operations, or its own place. */
function groupKeyOf(diagnostic: ISpectralDiagnostic, around: (path: JsonPath) => Operation[]): Omit<Group, 'findings'> {
  const rule = String(diagnostic.code);
  const component = componentOf(diagnostic.path);
  if (component !== undefined) return { rule, kind: 'component', key: `${rule}@${toPointer(component)}`, text: diagnostic.message };
  const [operation] = around(diagnostic.path);
  if (operation === undefined) return { rule, kind: 'place', key: `${rule}@${toPointer(diagnostic.path)}`, text: diagnostic.message };
  const text = withoutLabel(diagnostic.message, operation);
  return { rule, kind: 'pattern', key: `${rule}@pattern-${digest(`${rule}\n${text}`)}`, text };
}

/** Every change of the lint, in the one order every format of the report and `fix --only` read (`byReach`). */
export function changesOf(linted: LintedDocument, editsOf = findingEdits(linted)): Change[] {
  const operations = linted.doc.operations();
  const around = operationsAround(operations);
  const owners = ownersOf(operations, linted.users);
  const groups = new Map<string, Group>();
  for (const diagnostic of pendingFindings(linted)) {
    // A finding in another file ($ref) is that file's to change: its own place.
    const group =
      diagnostic.source !== undefined && diagnostic.source !== linted.file
        ? { rule: String(diagnostic.code), kind: 'place' as const, key: `${diagnostic.code}@${diagnostic.source}`, text: diagnostic.message }
        : groupKeyOf(diagnostic, around);
    const known = groups.get(group.key) ?? { ...group, findings: [] };
    known.findings.push(diagnostic);
    groups.set(group.key, known);
  }
  const copiesOf = (places: readonly JsonPath[]) => new Set(places.map(place => JSON.stringify(valueAt(linted.doc.root, place)))).size;
  return [...groups.values()].map(group => changeOf(group, editsOf, owners, copiesOf)).sort(byReach);
}

function changeOf(
  group: Group,
  editsOf: Map<ISpectralDiagnostic, Edit[]>,
  owners: (diagnostic: ISpectralDiagnostic) => Operation[],
  copiesOf: (places: readonly JsonPath[]) => number,
): Change {
  const places = group.findings.map(diagnostic => [...diagnostic.path]);
  // A text said once is one place, named by where it is, not a pattern.
  const single = group.kind === 'pattern' && group.findings.length === 1;
  return {
    id: single ? `${group.rule}@${toPointer(places[0])}` : group.key,
    rule: group.rule,
    kind: single ? 'place' : group.kind,
    target: group.kind === 'component' ? componentOf(places[0])! : places[0],
    places,
    findings: group.findings,
    operations: [...new Set(group.findings.flatMap(owners))],
    text: group.text,
    edits: combine(group.findings.flatMap(diagnostic => editsOf.get(diagnostic) ?? [])),
    automatic: group.findings.every(diagnostic => editsOf.has(diagnostic)),
    identical: group.kind === 'pattern' && !single && copiesOf(places) === 1,
  };
}

/**
 * The one ranking of changes: the most operations reached first (each is a cell of the rule's principle in the report's
 * matrix, so a shared `Error` that 156 responses answer outranks five findings in one operation), then the most findings
 * cleared (the volume `spectral lint` shows), then by id.
 */
const byReach = (a: Change, b: Change) => b.operations.length - a.operations.length || b.findings.length - a.findings.length || byCodePoint(a.id, b.id);

/** The findings `fix --only` answers for: a change's, by its id, or every finding of a rule; undefined when `only` names neither. */
export function findingsOnly(changes: readonly Change[], only: string): ISpectralDiagnostic[] | undefined {
  const change = changes.find(candidate => candidate.id === only);
  if (change !== undefined) return change.findings;
  const ofRule = changes.filter(candidate => candidate.rule === only);
  return ofRule.length === 0 ? undefined : ofRule.flatMap(candidate => candidate.findings);
}
