/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableRetryableFlag from '../functions/recoverableRetryableFlag';
import { RESPONSES } from '../lib/rules/scope';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-retryable-flag',
  description: 'Every error schema declares a boolean retry flag.',
  severity: 'warn',
  recommended: true,
  function: recoverableRetryableFlag,
  principle: {
    id: 'retry-flag',
    label: 'retry flag',
    scope: 'operations with an error response that has a JSON schema',
    applies: { responses: RESPONSES['ax-recoverable-retryable-flag'], holds: 'error schema' },
    fixSite: 'error schema',
    fix: 'add a boolean retry flag (`retryable`)',
  },
});
