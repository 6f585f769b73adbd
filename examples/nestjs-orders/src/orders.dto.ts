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

/** The body of every rejection, the ValidationPipe's included. */
export class Problem {
  @ApiProperty({ example: 'VALIDATION_ERROR' })
  code: string;

  @ApiProperty()
  message: string;

  @ApiProperty()
  recoveryHint: string;

  @ApiPropertyOptional()
  retryable?: boolean;

  @ApiPropertyOptional({ type: [FieldError] })
  details?: FieldError[];

  @ApiPropertyOptional()
  currentState?: string;

  @ApiPropertyOptional()
  refreshUrl?: string;

  @ApiPropertyOptional({ type: [String] })
  allowedActions?: string[];
}
