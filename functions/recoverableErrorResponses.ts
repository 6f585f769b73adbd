import { isClientErrorStatus, isMutation } from '../lib/document';
import { label, ruleFunction, type Finding } from '../lib/rule-function';

/**
 * ax-recoverable-error-responses: every mutation declares how a rejected call fails (the companion of the
 * nextSteps sweep in AGLedger's "Validating Authoring Before Deploy").
 */
export default ruleFunction<object>('recoverableErrorResponses', {}, ({ doc, operations }) => {
  const findings: Finding[] = [];
  for (const operation of operations.filter(isMutation)) {
    const statuses = doc.statuses(operation);
    if (statuses?.some(isClientErrorStatus)) continue;
    findings.push({
      message: `${label(operation)}: no 4xx error response, so an agent cannot learn why a call was rejected. Add a \`400\`, \`422\` or \`default\` response whose JSON schema has \`code\`, \`message\` and \`recoveryHint\`.`,
      path: statuses === undefined ? operation.location : [...operation.location, 'responses'],
    });
  }
  return findings;
});
