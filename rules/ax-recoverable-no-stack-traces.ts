/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableNoStackTraces from '../functions/recoverableNoStackTraces';
import { isErrorStatus } from '../lib/document/document';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-no-stack-traces',
  description: 'No error schema declares a stack-trace field and no error example contains a stack trace.',
  severity: 'error',
  recommended: true,
  function: recoverableNoStackTraces,
  principle: {
    id: 'no-stack-traces',
    label: 'no stack traces',
    scope: 'operations with an error response that has a body',
    applies: { responses: isErrorStatus, holds: 'body' },
    fixSite: 'error schema',
    fix: 'remove the stack-trace property or example',
  },
});
