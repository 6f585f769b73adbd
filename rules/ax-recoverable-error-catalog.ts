/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableErrorCatalog from '../functions/recoverableErrorCatalog';
import { declaring } from './applicability';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-error-catalog',
  description: "An operation's `x-agent-error-codes` lists every code its error examples use; deprecated codes name replacement and removal date.",
  severity: 'warn',
  recommended: false,
  function: recoverableErrorCatalog,
  principle: {
    id: 'error-catalog',
    label: 'error catalog',
    scope: 'operations that list `x-agent-error-codes`',
    applies: { operations: declaring('x-agent-error-codes') },
    fixSite: 'operation',
    fix: 'list every error code the examples use in `x-agent-error-codes`',
  },
});
