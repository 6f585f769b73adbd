// The bodies of the products routes. `sku` is unique: a second product with the same one is refused (409 SKU_TAKEN).
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { NextStep } from './orders.dto.js';

export class ProductInput {
  @ApiProperty({ example: 'Widget', minLength: 1, maxLength: 60 })
  @Length(1, 60)
  @IsString()
  name: string;

  @ApiProperty({ example: 'WIDGET-1', pattern: '^[A-Z][A-Z0-9-]{2,11}$', description: 'The stock keeping unit, unique among products.' })
  @Matches(/^[A-Z][A-Z0-9-]{2,11}$/)
  @IsString()
  sku: string;
}

export class Product {
  @ApiProperty()
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  sku: string;
}

/** A create's answer: the product and what to call next. The read answers `Product` alone. */
export class ProductWithNextSteps extends Product {
  @ApiProperty({ type: [NextStep] })
  nextSteps: NextStep[];
}
