// The Orders API of docs/code-first.md: NestJS 12 and @nestjs/swagger.
import 'reflect-metadata';
import { Injectable, Module, ValidationPipe, type CanActivate, type ExecutionContext, type INestApplication } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { OrdersController, TokenController } from './orders.controller.js';
import { ProductsController } from './products.controller.js';
import { problem, ProblemFilter, validationProblem } from './problems.js';
import { expressAgentUx } from 'spectral-agent-ux/runtime';

/** Every route but the token route wants `Authorization: Bearer demo-token`, which the test login (`demo`, `demo`) gives. */
@Injectable()
class BearerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ path: string; headers: Record<string, string | undefined> }>();
    if (request.path === '/token' || request.headers.authorization === 'Bearer demo-token') return true;
    throw problem(
      401,
      'UNAUTHENTICATED',
      'The bearer token is missing or wrong.',
      'Get a token from POST /token and send it as `Authorization: Bearer <token>`.',
    );
  }
}

@Module({ controllers: [TokenController, OrdersController, ProductsController], providers: [{ provide: APP_GUARD, useClass: BearerGuard }] })
class AppModule {}

export async function buildApp(): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule, { logger: false });
  // The framework's own validation errors get the body of every other rejection.
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true, exceptionFactory: validationProblem }));
  app.useGlobalFilters(new ProblemFilter());
  // The runtime guard checks every answer against the description (strict under NODE_ENV=test: a test fails and says why).
  app.use(expressAgentUx({ spec: openApiOf(app) }));
  return app;
}

export function openApiOf(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder().setTitle('Orders').setVersion('1.0.0').addBearerAuth().addSecurityRequirements('bearer').build();
  return SwaggerModule.createDocument(app, config);
}
