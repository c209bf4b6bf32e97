import { INestApplication } from '@nestjs/common';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import { TEST_ENV } from './support/test-app';

interface RouteLayer {
  match(path: string): unknown;
  route?: { path: string; methods: Record<string, boolean> };
}

/** A path the route answers: its parameters filled with a plain id, its wildcards with one segment. */
function samplePath(pattern: string): string {
  return pattern.replace(/\*[A-Za-z0-9_]+/g, 'file').replace(/:[A-Za-z0-9_]+/g, '1');
}

/**
 * Express tries routes one by one, in the order their modules were imported, and the application puts
 * the schedule views first (the most read paths). Whatever the order, every route must still be the
 * first one to answer its own paths: no route registered earlier may catch them.
 */
describe('route order', () => {
  let app: INestApplication;
  let stack: RouteLayer[];

  beforeAll(async () => {
    app = await createApp(loadConfig({ ...TEST_ENV, SWAGGER_ENABLED: 'true' }), [], { logger: false });
    await app.init();
    stack = (app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } }).router.stack;
  });
  afterAll(() => app.close());

  it('lets every route of the service answer its own paths: no earlier route with the same method catches them', () => {
    // The service's own routes (Swagger UI registers `/swagger-ui` and `/swagger-ui/` alike, on purpose).
    const routes = stack.filter((layer) => layer.route && /^\/(api|ical|actuator)\//.test(layer.route.path));
    expect(routes.length).toBeGreaterThan(150);
    const shadowed: string[] = [];
    for (const layer of routes) {
      const { path, methods } = layer.route!;
      const sample = samplePath(path);
      for (const method of Object.keys(methods).filter((name) => methods[name])) {
        const first = routes.find((candidate) => candidate.route!.methods[method] && candidate.match(sample));
        if (first !== layer) shadowed.push(`${method.toUpperCase()} ${path} (caught by ${first?.route?.path ?? 'nothing'})`);
      }
    }
    expect(shadowed).toEqual([]);
  });

  it('tries the schedule views and the calendar feeds right after the sign-in routes', () => {
    const position = (path: string) => stack.findIndex((layer) => layer.route?.path === path);
    const views = ['/api/schedule', '/api/schedule/search', '/api/department/schedule', '/ical/:file'].map(position);
    expect(views.every((index) => index > 0 && index < position('/api/users'))).toBe(true);
    expect(Math.max(...views)).toBeLessThan(45);
  });
});
