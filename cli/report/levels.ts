/**
 * Agent-readiness levels, each a set of principles that must all be met: checked by the ruleset and
 * passed by every operation they apply to (an exemption with a reason counts as a decision, not a failure;
 * a baselined finding is still a finding). The opt-in rules' principles belong to no level.
 */
import type { PrincipleScore } from './scores';

export interface Level {
  id: string;
  name: string;
  /** The principles this level adds to the one below. */
  adds: readonly string[];
}

export const LEVELS: readonly Level[] = [
  // Valid extensions and exemption reasons come first: every level counts exemptions as decisions.
  { id: 'errors-structured', name: 'errors structured', adds: ['error-schema', 'error-structure', 'no-html-errors', 'extensions-valid', 'exemption-reason'] },
  {
    id: 'recoverable',
    name: 'recoverable',
    adds: [
      'suggestion',
      'retryable',
      'idempotent',
      'retryable-flag',
      'error-responses',
      'field-details',
      'retry-after',
      'no-stack-traces',
      'trace-id',
      'next-operation',
      'field-refs',
      'hint-fields',
    ],
  },
  { id: 'agent-ready', name: 'agent-ready', adds: ['next-steps', 'next-steps-shape', 'next-steps-href', 'refresh-url', 'state'] },
];

export const NO_LEVEL = { id: 'not-agent-ready', name: 'not agent-ready' } as const;

export interface Standing {
  /** The highest level whose principles, and those of every level below, are all met. */
  reached: { id: string; name: string };
  /** The level above, with the principles that hold it back; undefined at the top. */
  next: { id: string; name: string; blockers: string[] } | undefined;
}

const isMet = (score: PrincipleScore) => score.checked && score.counts.fail === 0 && score.counts.baselined === 0;

export function standingOf(scores: readonly PrincipleScore[]): Standing {
  const byId = new Map(scores.map(score => [score.principle.id, score]));
  let reached: Standing['reached'] = NO_LEVEL;
  for (const level of LEVELS) {
    const blockers = level.adds.filter(id => !isMet(byId.get(id)!));
    if (blockers.length > 0) return { reached, next: { id: level.id, name: level.name, blockers } };
    reached = { id: level.id, name: level.name };
  }
  return { reached, next: undefined };
}
