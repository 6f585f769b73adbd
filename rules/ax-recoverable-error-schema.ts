/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableErrorSchema from '../functions/recoverableErrorSchema';
import { isErrorStatus } from '../lib/document/document';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-error-schema',
  description: 'Every error response declares a JSON body with an object schema.',
  severity: 'error',
  recommended: true,
  function: recoverableErrorSchema,
  principle: {
    id: 'error-schema',
    label: 'error schema',
    scope: 'operations with an error response (4xx, 5xx, default)',
    applies: { responses: isErrorStatus, holds: 'response' },
    fixSite: 'response',
    fix: 'declare a JSON body with an object schema',
  },
});
