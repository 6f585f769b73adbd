/**
 * What each change of the triage (cli/changes.ts, the one grouping and ranking of findings) does to the matrix:
 * the cells it turns green by itself and the cells it touches (a shared component's one finding counts in every
 * operation that uses it). A change by hand whose schema also serves another role (a success schema that is a request
 * body too) names those uses: its response-only member then goes into each response, not into the schema.
 */
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { findingKey } from '../../lib/findings/rule-function';
import { otherUses, schemaUses, type Role } from '../../lib/document/uses';
import type { OpenApiDocument } from '../../lib/document/document';
import type { Change } from '../changes';
import { PRINCIPLES, type FixSite } from './principles';
import type { Cell, Row } from './scorecard';

export interface Gain {
  /** Cells this change alone turns green. */
  cellsFixed: number;
  /** Cells with at least one finding this change clears. */
  cellsAffected: number;
  /** The other roles of the change's schema ("the request body of POST /pets"), for a change by hand: then the edit must not go there. */
  otherUses: string[];
}

const SCHEMA_ROLES: Partial<Record<FixSite, Role>> = { 'error schema': 'error response', 'success schema': 'success response' };

/** A finding as the scorecard copies it into each cell: its rule, place and wording. */
const keyOf = (rule: string, { path, message }: { path: readonly (string | number)[]; message: string }) => `${rule}\n${findingKey(path, message)}`;

export function gainsOf(doc: OpenApiDocument, rows: readonly Row[], changes: readonly Change[]): Map<Change, Gain> {
  const changeOf = new Map<string, Change>();
  for (const change of changes) for (const finding of change.findings) changeOf.set(keyOf(change.rule, finding as ISpectralDiagnostic), change);
  // The changes (or, for a finding in none, a baselined one, `undefined`) each cell with findings needs.
  const needs = new Map<Cell, Set<Change | undefined>>();
  for (const row of rows) {
    for (const principle of PRINCIPLES) {
      const cell = row.cells[principle.id];
      for (const diagnostic of cell.diagnostics ?? []) {
        needs.set(cell, (needs.get(cell) ?? new Set()).add(changeOf.get(keyOf(principle.rule, diagnostic))));
      }
    }
  }
  const gains = new Map(changes.map(change => [change, { cellsFixed: 0, cellsAffected: 0, otherUses: otherUsesOf(doc, change) }]));
  for (const needed of needs.values()) {
    for (const change of needed) {
      const gain = change === undefined ? undefined : gains.get(change)!;
      if (gain === undefined) continue;
      gain.cellsAffected++;
      if (needed.size === 1) gain.cellsFixed++;
    }
  }
  return gains;
}

/** For a change by hand of a schema: its uses for another role than the principle's (the engine keeps its own edits off such schemas). */
function otherUsesOf(doc: OpenApiDocument, change: Change): string[] {
  const role = change.automatic ? undefined : SCHEMA_ROLES[PRINCIPLES.find(principle => principle.rule === change.rule)?.fixSite ?? 'operation'];
  return role === undefined ? [] : otherUses(schemaUses(doc), change.target, role);
}
