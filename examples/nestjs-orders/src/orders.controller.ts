// The routes of the Orders API. Each `x-ax-*` extension sits on its handler (@ApiExtension); each response names its class.
import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtension,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Credentials, Order, OrderChange, OrderInput, OrderWithNextSteps, Problem, Search, Token, ValidationProblem } from './orders.dto.js';
import { problem } from './problems.js';
import { checkProduct } from './products.controller.js';

const orders = new Map<string, Order>();

const steps = (order: Order) => [
  { action: 'Read the order', method: 'GET', href: `/orders/${order.id}`, description: 'The order as it stands now.' },
  ...(order.status === 'pending'
    ? [
        { action: 'Approve the order', method: 'POST', href: `/orders/${order.id}/approve`, description: 'Approve it while it is pending.' },
        { action: 'Cancel the order', method: 'POST', href: `/orders/${order.id}/cancel`, description: 'Cancel it while it is pending.' },
      ]
    : []),
];
const withSteps = (order: Order): OrderWithNextSteps => ({ ...order, nextSteps: steps(order) });

function find(id: string): Order {
  const order = orders.get(id);
  if (order === undefined) throw problem(404, 'NOT_FOUND', `No order has the id ${id}.`, 'List the orders with GET /orders to find its id.');
  return order;
}

/** Moves a pending order to `to`, or answers 409 with the state it is in. */
function transition(id: string, to: string): OrderWithNextSteps {
  const order = find(id);
  if (order.status !== 'pending')
    throw problem(
      409,
      'INVALID_STATE',
      `Only a pending order can be ${to}; this one is ${order.status}.`,
      'Read the order and choose one of its allowedActions.',
      {
        retryable: false,
        currentState: order.status,
        refreshUrl: `/orders/${order.id}`,
        allowedActions: [],
      },
    );
  order.status = to;
  return withSteps(order);
}

const INVALID = { type: ValidationProblem, description: 'The input is invalid: `details` names each field.' };
const UNAUTHENTICATED = { type: Problem, description: 'The bearer token is missing or wrong.' };
const NOT_FOUND = { type: Problem, description: 'No order has this id.' };
const NO_PRODUCT = { type: Problem, description: 'No product has the `productId` given.' };
const NOT_PENDING = { type: Problem, description: 'The order is not pending: `currentState` says what it is, `allowedActions` what it allows.' };

@Controller()
export class TokenController {
  @Post('token')
  @HttpCode(200)
  @ApiSecurity({})
  @ApiExtension('x-ax-retryable', true)
  @ApiOkResponse({ type: Token, description: 'A bearer token for the other routes.' })
  @ApiBadRequestResponse(INVALID)
  @ApiUnauthorizedResponse({ type: Problem, description: 'The username or password is wrong.' })
  token(@Body() credentials: Credentials): Token {
    if (credentials.username !== 'demo' || credentials.password !== 'demo')
      throw problem(401, 'UNAUTHENTICATED', 'The username or password is wrong.', 'Send the credentials you were given.');
    return { access_token: 'demo-token', token_type: 'Bearer' };
  }
}

@Controller('orders')
@ApiUnauthorizedResponse(UNAUTHENTICATED)
export class OrdersController {
  @Post()
  @ApiExtension('x-ax-retryable', false)
  @ApiCreatedResponse({ type: OrderWithNextSteps, description: 'The order, pending, and what to call next.' })
  @ApiBadRequestResponse(INVALID)
  @ApiNotFoundResponse(NO_PRODUCT)
  create(@Body() input: OrderInput): OrderWithNextSteps {
    checkProduct(input.productId);
    const order = { id: randomUUID(), productId: input.productId, quantity: input.quantity, status: 'pending' };
    orders.set(order.id, order);
    return withSteps(order);
  }

  @Get()
  @ApiOkResponse({ type: [Order], description: 'Every order.' })
  list(): Order[] {
    return [...orders.values()];
  }

  @Post('search')
  @HttpCode(200)
  @ApiExtension('x-ax-retryable', true)
  @ApiExtension('x-ax-idempotent', true)
  @ApiOkResponse({ type: [Order], description: 'The orders in that status.' })
  @ApiBadRequestResponse(INVALID)
  search(@Body() search: Search): Order[] {
    return [...orders.values()].filter(order => search.status === undefined || order.status === search.status);
  }

  @Get(':id')
  @ApiOkResponse({ type: Order, description: 'The order.' })
  @ApiNotFoundResponse(NOT_FOUND)
  read(@Param('id') id: string): Order {
    return find(id);
  }

  @Patch(':id')
  @ApiExtension('x-ax-retryable', true)
  @ApiExtension('x-ax-idempotent', true)
  @ApiOkResponse({ type: OrderWithNextSteps, description: 'The order as changed.' })
  @ApiBadRequestResponse(INVALID)
  @ApiNotFoundResponse({ type: Problem, description: 'No order has this id, or no product the `productId` given.' })
  change(@Param('id') id: string, @Body() change: OrderChange): OrderWithNextSteps {
    const order = find(id);
    checkProduct(change.productId);
    return withSteps(Object.assign(order, change));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiExtension('x-ax-retryable', true)
  @ApiExtension('x-ax-idempotent', true)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiNotFoundResponse(NOT_FOUND)
  remove(@Param('id') id: string): void {
    find(id);
    orders.delete(id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiExtension('x-ax-retryable', false)
  @ApiOkResponse({ type: OrderWithNextSteps, description: 'The order, cancelled, and what to call next.' })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse(NOT_PENDING)
  cancel(@Param('id') id: string): OrderWithNextSteps {
    return transition(id, 'cancelled');
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiExtension('x-ax-retryable', false)
  @ApiOkResponse({ type: OrderWithNextSteps, description: 'The order, approved, and what to call next.' })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse(NOT_PENDING)
  approve(@Param('id') id: string): OrderWithNextSteps {
    return transition(id, 'approved');
  }
}
