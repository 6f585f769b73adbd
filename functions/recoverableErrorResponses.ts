import { isClientErrorStatus, isMutation } from '../lib/document';
import { label, ruleFunction, type Finding } from '../lib/rule-function';

/** ax-recoverable-error-responses: every mutation declares how a rejected call fails (the sweep's companion, seed 001). */
export default ruleFunction<object>('recoverableErrorResponses', {}, ({ doc, operations }) => {
  const findings: Finding[] = [];
  for (const operation of operations.filter(isMutation)) {
    const statuses = doc.statuses(operation);
    if (statuses?.some(isClientErrorStatus)) continue;
    findings.push({
      message: `${label(operation)}: the operation declares no 4xx error response, so an agent cannot learn why a rejected call failed or how to fix it. Add a \`400\` (or \`422\`) response, or a \`default\` one, whose JSON schema has a \`code\`, a \`message\` and a \`recoveryHint\`.`,
      path: statuses === undefined ? operation.location : [...operation.location, 'responses'],
    });
  }
  return findings;
});
