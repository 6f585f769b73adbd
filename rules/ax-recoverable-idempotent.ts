/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableIdempotent from '../functions/recoverableIdempotent';
import { asksIdempotent } from '../lib/rules/scope';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-idempotent',
  description: 'Every put and delete (and a post taking an Idempotency-Key) declares `x-ax-idempotent`, a boolean.',
  severity: 'warn',
  recommended: true,
  function: recoverableIdempotent,
  principle: {
    id: 'idempotency',
    label: 'idempotency',
    scope: 'PUT and DELETE, a POST that takes an `Idempotency-Key` header, and operations that declare `x-ax-idempotent`',
    applies: { operations: asksIdempotent },
    fixSite: 'operation',
    fix: 'declare `x-ax-idempotent: true|false`',
  },
});
