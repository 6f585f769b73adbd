/**
 * Shares of the scorecard: per principle, the applicable operations (pass + fail + baselined; exempt
 * and not applicable stand aside) that pass; overall, the same over every checked cell, and the
 * operations that pass every principle that applies to them. A baselined finding is still a finding.
 */
import { PRINCIPLES, type Principle } from './principles';
import { hasFindings, type CellStatus, type Row, type Scorecard } from './scorecard';

export interface Share {
  passed: number;
  applicable: number;
  /** 0–100 with one decimal; null when nothing applies. */
  percent: number | null;
}

export interface PrincipleScore extends Share {
  principle: Principle;
  checked: boolean;
  counts: Record<CellStatus, number>;
}

export interface OverallScore {
  /** The score `--min-score` compares with: the share of applicable cells that pass. */
  cells: Share;
  operations: Share & { total: number };
}

export function share(passed: number, applicable: number): Share {
  return { passed, applicable, percent: applicable === 0 ? null : Math.round((1000 * passed) / applicable) / 10 };
}

function countStatuses(rows: readonly Row[], principleId: string): Record<CellStatus, number> {
  const counts: Record<CellStatus, number> = { pass: 0, fail: 0, baselined: 0, exempt: 0, 'not-applicable': 0, 'not-checked': 0 };
  for (const row of rows) counts[row.cells[principleId].status]++;
  return counts;
}

export function scorePrinciples(card: Scorecard): PrincipleScore[] {
  return PRINCIPLES.map(principle => {
    const counts = countStatuses(card.rows, principle.id);
    return { principle, checked: card.checked[principle.id], counts, ...share(counts.pass, counts.pass + counts.fail + counts.baselined) };
  });
}

export function scoreOverall(card: Scorecard, scores: readonly PrincipleScore[]): OverallScore {
  const passed = scores.reduce((sum, score) => sum + score.passed, 0);
  const applicable = scores.reduce((sum, score) => sum + score.applicable, 0);
  const judged = card.rows.filter(row => Object.values(row.cells).some(cell => cell.status === 'pass' || hasFindings(cell)));
  const clean = judged.filter(row => !Object.values(row.cells).some(hasFindings));
  return { cells: share(passed, applicable), operations: { ...share(clean.length, judged.length), total: card.rows.length } };
}
