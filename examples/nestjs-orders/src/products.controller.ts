// The products an order names by `productId`. Each `x-ax-*` extension sits on its handler (@ApiExtension).
import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtension,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Problem, ValidationProblem } from './orders.dto.js';
import { Product, ProductInput, ProductWithNextSteps } from './products.dto.js';
import { problem } from './problems.js';

export const products = new Map<string, Product>();

/** 404 PRODUCT_NOT_FOUND, naming `productId`, unless a product has this id. */
export function checkProduct(id: string | undefined): void {
  if (id === undefined || products.has(id)) return;
  throw problem(
    404,
    'PRODUCT_NOT_FOUND',
    `No product has the id ${id} given in productId.`,
    'Create the product with POST /products, or find its id, then send its id as productId.',
    {
      details: [{ field: 'productId', message: 'names no product' }],
    },
  );
}

@Controller('products')
@ApiUnauthorizedResponse({ type: Problem, description: 'The bearer token is missing or wrong.' })
export class ProductsController {
  @Post()
  @ApiExtension('x-ax-retryable', false)
  @ApiCreatedResponse({ type: ProductWithNextSteps, description: 'The product, and what to call next.' })
  @ApiBadRequestResponse({ type: ValidationProblem, description: 'The input is invalid: `details` names each field.' })
  @ApiConflictResponse({ type: Problem, description: 'Another product has this `sku`: send a new one.' })
  create(@Body() input: ProductInput): ProductWithNextSteps {
    if ([...products.values()].some(product => product.sku === input.sku))
      throw problem(409, 'SKU_TAKEN', `Another product has the sku ${input.sku}.`, 'Send a sku no other product has.', {
        retryable: false,
        details: [{ field: 'sku', message: 'is taken' }],
      });
    const product = { id: randomUUID(), name: input.name, sku: input.sku };
    products.set(product.id, product);
    return {
      ...product,
      nextSteps: [
        { action: 'Read the product', method: 'GET', href: `/products/${product.id}`, description: 'The product as it stands now.' },
        { action: 'Order the product', method: 'POST', href: '/orders', description: 'Order it, with its id as productId.' },
      ],
    };
  }

  @Get(':id')
  @ApiOkResponse({ type: Product, description: 'The product.' })
  @ApiNotFoundResponse({ type: Problem, description: 'No product has this id.' })
  read(@Param('id') id: string): Product {
    const product = products.get(id);
    if (product === undefined) throw problem(404, 'NOT_FOUND', `No product has the id ${id}.`, 'Create one with POST /products.');
    return product;
  }
}
