/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableRetryAfter from '../functions/recoverableRetryAfter';
import { RESPONSES } from '../lib/rules/scope';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-retry-after',
  description: 'Every 429 and 503 says how long to wait: a Retry-After header or a retry-delay property.',
  severity: 'warn',
  recommended: true,
  function: recoverableRetryAfter,
  principle: {
    id: 'retry-after',
    label: 'retry-after',
    scope: 'operations with a 429 or 503 response',
    applies: { responses: RESPONSES['ax-recoverable-retry-after'], holds: 'response' },
    fixSite: 'response',
    fix: 'declare a `Retry-After` header',
  },
});
