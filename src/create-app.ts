import { INestApplication, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { ServiceExpressAdapter } from './platform/http/express-adapter';
import { installHttpEdge } from './platform/http/http-edge';
import { installJsonAnswers } from './platform/http/json-answers';
import { applyApiConventions } from './platform/http/openapi-conventions';
import { installRequestEdge } from './platform/http/request-edge';
import { TenantDefinition } from './platform/tenancy/tenant-definition';
import { serveWebPages } from './web';

/** Builds the whole HTTP application; shared by `main.ts` and the end-to-end tests. */
export async function createApp(
  config: AppConfig,
  tenants: TenantDefinition[],
  options: {
    logger?: false | LoggerService;
    /** False only in the benchmark's pair that measures what the security headers cost. */
    securityHeaders?: boolean;
  } = {},
): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, tenants), new ServiceExpressAdapter(), {
    logger: options.logger ?? ['log', 'warn', 'error'],
    bodyParser: false, // the request edge parses bodies, only where there is one
    forceCloseConnections: false,
    abortOnError: false,
  });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  installHttpEdge(app.getHttpServer());
  installJsonAnswers(app.getHttpAdapter().getInstance());
  installRequestEdge(app, config, options.logger, options.securityHeaders ?? true);
  serveWebPages(app);

  if (config.swaggerEnabled) {
    SwaggerModule.setup('swagger-ui', app, apiDocument(app), {
      jsonDocumentUrl: 'v3/api-docs',
      swaggerOptions: { persistAuthorization: true },
    });
  }
  return app;
}

/** The service's OpenAPI document (Swagger UI, and the web client's generated API types). */
export function apiDocument(app: INestApplication): OpenAPIObject {
  return applyApiConventions(
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Timetable service')
        .setDescription('Расписание университета: API сервиса (арендатор выбирается по домену в заголовке Host)')
        .setVersion('1')
        .addBearerAuth()
        .addCookieAuth('service_refresh', { type: 'apiKey', in: 'cookie' }, 'service_refresh')
        .build(),
    ),
  );
}
