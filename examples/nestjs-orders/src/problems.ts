// One error body for every rejection: NestJS's own `{ statusCode, message, error }`, which existing clients read,
// plus what an agent needs (`code`, `recoveryHint`, ...). Handlers and the guard throw `problem`; the ValidationPipe
// calls `validationProblem`; ProblemFilter adds Nest's members to each and answers anything else with a 500.
import { STATUS_CODES } from 'node:http';
import { BadRequestException, Catch, HttpException, type ArgumentsHost, type ExceptionFilter, type ValidationError } from '@nestjs/common';

export const problem = (status: number, code: string, message: string, recoveryHint: string, extra: object = {}) =>
  new HttpException({ code, message, recoveryHint, ...extra }, status);

/**
 * The ValidationPipe's `exceptionFactory`: Nest's `message: string[]` (one sentence per failed check, as its own
 * pipe sends it), and each failing field of class-validator in `details`.
 */
export function validationProblem(errors: ValidationError[]): BadRequestException {
  const details = errors.flatMap(error => Object.values(error.constraints ?? {}).map(message => ({ field: error.property, message })));
  return new BadRequestException({
    code: 'VALIDATION_ERROR',
    message: details.map(detail => detail.message),
    recoveryHint: 'Correct the fields listed in details, then send the request again.',
    retryable: false,
    details,
  });
}

const INTERNAL = {
  code: 'INTERNAL_ERROR',
  message: 'Internal server error',
  recoveryHint: 'Wait a moment, then send the same request again.',
  retryable: true,
};

/** Every exception's body, with Nest's `statusCode` and `error` first: a thrown HttpException's, else a 500. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    const thrown = exception instanceof HttpException ? exception.getResponse() : INTERNAL;
    const body = typeof thrown === 'object' ? thrown : { message: thrown };
    host
      .switchToHttp()
      .getResponse<{ status(code: number): { json(body: object): void } }>()
      .status(status)
      .json({ statusCode: status, error: STATUS_CODES[status], ...body });
  }
}
