/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableSeverity from '../functions/recoverableSeverity';
import { isErrorStatus } from '../lib/document/document';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-severity',
  description: 'Error `severity` and `category` values stay within the severity ladder and the error categories.',
  severity: 'warn',
  recommended: false,
  function: recoverableSeverity,
  principle: {
    id: 'severity-values',
    label: 'severity values',
    scope: 'operations with an error response that has a JSON schema',
    applies: { responses: isErrorStatus, holds: 'error schema' },
    fixSite: 'error schema',
    fix: 'keep `severity` and `category` values within their ladders',
  },
});
