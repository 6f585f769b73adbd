/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableErrorResponses from '../functions/recoverableErrorResponses';
import { mutations } from './applicability';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-error-responses',
  description: 'Every mutation declares at least one 4xx error response.',
  severity: 'warn',
  recommended: true,
  function: recoverableErrorResponses,
  principle: {
    id: 'declared-errors',
    label: 'declared errors',
    scope: 'mutations (POST, PUT, PATCH, DELETE)',
    applies: { operations: mutations },
    fixSite: 'operation',
    fix: 'declare the 4xx responses the operation can return',
  },
});
