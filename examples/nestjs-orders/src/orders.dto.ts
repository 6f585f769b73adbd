// The bodies of the Orders API, as classes: class-validator checks the input, @nestjs/swagger names each class a component.
// class-validator runs a property's decorators bottom-up: the type check sits last, so `stopAtFirstError` reports it first.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';

export const STATUSES = ['pending', 'approved', 'cancelled'] as const;

export class OrderInput {
  @ApiProperty({ minLength: 1, description: 'The id of the product to order (`POST /products` returns it).' })
  @MinLength(1)
  @IsString()
  productId: string;

  @ApiProperty({ example: 2, minimum: 1, maximum: 100 })
  @Min(1)
  @Max(100)
  @IsInt()
  quantity: number;
}

export class OrderChange {
  @ApiPropertyOptional({ minLength: 1, description: 'The id of the product to order instead.' })
  @IsOptional()
  @MinLength(1)
  @IsString()
  productId?: string;

  @ApiPropertyOptional({ example: 2, minimum: 1, maximum: 100 })
  @IsOptional()
  @Min(1)
  @Max(100)
  @IsInt()
  quantity?: number;
}

export class Search {
  @ApiPropertyOptional({ enum: STATUSES })
  @IsOptional()
  @IsIn(STATUSES)
  status?: string;
}

export class Credentials {
  @ApiProperty({ example: 'demo' })
  @IsString()
  username: string;

  @ApiProperty({ example: 'demo' })
  @IsString()
  password: string;
}

export class Token {
  @ApiProperty()
  access_token: string;

  @ApiProperty()
  token_type: string;
}

export class Order {
  @ApiProperty()
  id: string;

  @ApiProperty()
  productId: string;

  @ApiProperty()
  quantity: number;

  @ApiProperty({ enum: STATUSES })
  status: string;
}

export class NextStep {
  @ApiProperty()
  action: string;

  @ApiProperty({ enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] })
  method: string;

  @ApiProperty()
  href: string;

  @ApiProperty()
  description: string;
}

/** A mutation's answer: the order and what to call next. The reads answer `Order` alone. */
export class OrderWithNextSteps extends Order {
  @ApiProperty({ type: [NextStep] })
  nextSteps: NextStep[];
}

export class FieldError {
  @ApiProperty()
  field: string;

  @ApiProperty()
  message: string;
}

/** What every rejection carries: NestJS's own `statusCode` and `error`, which existing clients read, and what an agent needs. */
abstract class Rejection {
  @ApiProperty({ example: 404, description: 'The HTTP status, as NestJS sends it.' })
  statusCode: number;

  @ApiProperty({ example: 'Not Found', description: 'The reason phrase of the status, as NestJS sends it.' })
  error: string;

  @ApiProperty({ example: 'NOT_FOUND', description: 'Machine-readable error code.' })
  code: string;

  @ApiProperty()
  recoveryHint: string;
}

/** The body of 401, 404 and 409: Nest's `{ statusCode, message, error }` (`message` a string) plus the agent's members. */
export class Problem extends Rejection {
  @ApiProperty({ description: 'What went wrong, for a person.' })
  message: string;

  @ApiPropertyOptional()
  retryable?: boolean;

  @ApiPropertyOptional()
  currentState?: string;

  @ApiPropertyOptional()
  refreshUrl?: string;

  @ApiPropertyOptional({ type: [String] })
  allowedActions?: string[];
}

/** The ValidationPipe's rejection: Nest's `message: string[]`, one sentence per failed check, kept; each field in `details`. */
export class ValidationProblem extends Rejection {
  @ApiProperty({ type: [String], example: ['quantity must be an integer number'], description: 'What went wrong, one sentence per failed check.' })
  message: string[];

  @ApiProperty()
  retryable: boolean;

  @ApiProperty({ type: [FieldError] })
  details: FieldError[];
}
