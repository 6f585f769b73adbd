// One error body for every rejection: the ValidationPipe's errors, the guard's 401 and the handlers' 404 and 409.
import { BadRequestException, HttpException, type ValidationError } from '@nestjs/common';

export const problem = (status: number, code: string, message: string, recoveryHint: string, extra: object = {}) =>
  new HttpException({ code, message, recoveryHint, ...extra }, status);

/** The ValidationPipe's `exceptionFactory`: each failing field of class-validator in `details`. */
export function validationProblem(errors: ValidationError[]): BadRequestException {
  const details = errors.flatMap(error => Object.values(error.constraints ?? {}).map(message => ({ field: error.property, message })));
  return new BadRequestException({
    code: 'VALIDATION_ERROR',
    message: `The request is invalid: ${details[0]?.message ?? 'see details'}.`,
    recoveryHint: 'Correct the fields listed in details, then send the request again.',
    retryable: false,
    details,
  });
}
