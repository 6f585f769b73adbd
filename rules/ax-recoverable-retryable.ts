/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableRetryable from '../functions/recoverableRetryable';
import { retryableAsked } from './applicability';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-retryable',
  description: 'Every mutation declares `x-ax-retryable`, a boolean: is repeating a failed call safe?',
  severity: 'warn',
  recommended: true,
  function: recoverableRetryable,
  principle: {
    id: 'retry-semantics',
    label: 'retry semantics',
    scope: 'mutations (POST, PUT, PATCH, DELETE) and operations that declare `x-ax-retryable`',
    applies: { operations: retryableAsked },
    fixSite: 'operation',
    fix: 'declare `x-ax-retryable: true|false`',
  },
});
