/**
 * The columns of the scorecard: one principle per rule of the package, as each rule declares it
 * (rules/<id>.ts): when it applies, and where its fix goes (the operation itself, its response, or the
 * response's schema). Every rule has a column, so that every diagnostic inside an operation is a failing cell.
 */
import { appliesWithin, DECLARATIONS, type Applies, type FixSite, type PrincipleDeclaration, type RuleId } from '../../rules';

export type { FixSite };

export interface Principle extends PrincipleDeclaration {
  rule: RuleId;
  /** The declared scope, as the question the scorecard asks of each operation. */
  applies: Applies;
}

/** In the order of the declarations: the order of the report's columns. */
export const PRINCIPLES: readonly Principle[] = DECLARATIONS.map(({ id, principle, scope }) => ({
  ...principle,
  rule: id,
  applies: appliesWithin(scope),
}));
