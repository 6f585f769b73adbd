/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableNextOperation from '../functions/recoverableNextOperation';
import { isErrorStatus } from '../lib/document/document';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-next-operation',
  description: "Every `next_operation` an error names is a declared operationId, and its `next_operation_args` are that operation's inputs.",
  severity: 'warn',
  recommended: true,
  function: recoverableNextOperation,
  principle: {
    id: 'next-operation',
    label: 'next operation',
    scope: 'operations with an error response that has an example',
    applies: { responses: isErrorStatus, holds: 'example' },
    fixSite: 'response',
    fix: 'name a declared `operationId` and its real inputs in `next_operation` and `next_operation_args`',
  },
});
