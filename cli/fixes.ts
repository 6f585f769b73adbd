/**
 * The fix engine of the bin: for each finding `spectral lint` reports with the user's ruleset, the edits
 * the rule itself computed beside its message in the same lint (lib/findings/edits.ts; a lint with `edits: true`),
 * combined per object of the file. `fix` writes them as an Overlay or applies them; `report` ranks them.
 */
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { RULE_IDS } from '../rules';
import { combine, type Edit } from '../lib/findings/edits';
import { notedFor } from '../lib/findings/rule-function';
import type { LintedDocument } from './lint';

export interface Fixed {
  diagnostic: ISpectralDiagnostic;
  edits: Edit[];
}

export interface FixPlan {
  /** Findings of this package that an edit clears. */
  fixed: Fixed[];
  /** Findings of this package that need a person (prose, a real href, a decision, a schema in another file). */
  left: ISpectralDiagnostic[];
  /** The edits of `fixed`, one per object changed, with the rules they serve. */
  edits: (Edit & { rules: Map<string, number> })[];
}

const OUR_RULES = new Set<string>(RULE_IDS);

/**
 * The edits of each finding of this package in the lint (baselined ones too: the report ranks them), for
 * those its rule can fix: from the lint itself, which must have been asked for them.
 */
export function findingEdits(linted: LintedDocument): Map<ISpectralDiagnostic, Edit[]> {
  if (linted.edits === undefined) throw new Error('the fixes need a lint with `edits: true`');
  const found = new Map<ISpectralDiagnostic, Edit[]>();
  for (const diagnostic of linted.diagnostics) {
    const rule = String(diagnostic.code);
    // A finding in another file ($ref) is that file's to change: its edits would land in this one.
    if (!OUR_RULES.has(rule) || (diagnostic.source !== undefined && diagnostic.source !== linted.file)) continue;
    const edits = notedFor(linted.edits, diagnostic);
    if (edits !== undefined) found.set(diagnostic, edits);
  }
  return found;
}

/** The findings of this package in the lint that its baseline does not cover: what `fix` answers for. */
export const pendingFindings = (linted: LintedDocument): ISpectralDiagnostic[] =>
  linted.diagnostics.filter(diagnostic => OUR_RULES.has(String(diagnostic.code)) && !linted.baselined.has(diagnostic));

/**
 * How many of the findings `before` are gone `after`, counted by place (rule and path): a finding that
 * an edit elsewhere rewords is still there.
 */
export function countGone(before: readonly ISpectralDiagnostic[], after: readonly ISpectralDiagnostic[]): number {
  const placeOf = (diagnostic: ISpectralDiagnostic) => JSON.stringify([diagnostic.code, diagnostic.path]);
  const remaining = new Map<string, number>();
  for (const diagnostic of after) remaining.set(placeOf(diagnostic), (remaining.get(placeOf(diagnostic)) ?? 0) + 1);
  return before.filter(diagnostic => {
    const count = remaining.get(placeOf(diagnostic)) ?? 0;
    remaining.set(placeOf(diagnostic), count - 1);
    return count <= 0;
  }).length;
}

/**
 * Every finding of this package in the lint (baselined ones aside) with its edits, or left for a person;
 * only those of `findings` when given (one change of the triage, `fix --only`).
 */
export function planFixes(linted: LintedDocument, editsOf = findingEdits(linted), findings = pendingFindings(linted)): FixPlan {
  const fixed: Fixed[] = [];
  const left: ISpectralDiagnostic[] = [];
  for (const diagnostic of findings) {
    const edits = editsOf.get(diagnostic);
    if (edits === undefined) left.push(diagnostic);
    else fixed.push({ diagnostic, edits });
  }
  return { fixed, left, edits: combinedWithRules(fixed) };
}

/** The edits combined per target, each with the rules whose findings it clears and how many. */
function combinedWithRules(fixed: readonly Fixed[]): FixPlan['edits'] {
  const combined = combine(fixed.flatMap(({ edits }) => edits));
  const rules = new Map(combined.map(edit => [JSON.stringify(edit.target), new Map<string, number>()]));
  for (const { diagnostic, edits } of fixed) {
    for (const target of new Set(edits.map(edit => JSON.stringify(edit.target)))) {
      const counts = rules.get(target)!;
      counts.set(String(diagnostic.code), (counts.get(String(diagnostic.code)) ?? 0) + 1);
    }
  }
  return combined.map(edit => ({ ...edit, rules: rules.get(JSON.stringify(edit.target))! }));
}
