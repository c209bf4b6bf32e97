import request from 'supertest';
import { startTestApp, TestApp } from './support/test-app';

interface Schema {
  type?: string;
  format?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Response {
  description?: string;
  content?: { 'application/json'?: { schema?: Schema } };
}
interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: unknown;
  security?: Record<string, unknown>[];
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
}

const ERROR_BODY = '#/components/schemas/ErrorBody';

/** The OpenAPI conventions applied to the whole document: error answers, their body, security schemes, date formats. */
describe('OpenAPI document: errors, security schemes and formats', () => {
  let t: TestApp;
  let doc: Document;
  const operations = () =>
    Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ name: `${method} ${path}`, path, method, operation })));

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], env: { SWAGGER_ENABLED: 'true' } });
    doc = (await request(t.server).get('/v3/api-docs')).body as Document;
  });
  afterAll(() => t.close());

  it('refers only to registered security schemes; the refresh cookie is one of them', () => {
    const used = new Set(operations().flatMap(({ operation }) => (operation.security ?? []).flatMap((requirement) => Object.keys(requirement))));
    expect(used).toContain('service_refresh');
    for (const scheme of used) expect(doc.components.securitySchemes).toHaveProperty([scheme]);
    expect(doc.components.securitySchemes.service_refresh).toEqual({ type: 'apiKey', in: 'cookie', name: 'service_refresh' });
  });

  it('describes the common error body', () => {
    const body = doc.components.schemas.ErrorBody;
    expect(body.required).toEqual(['timestamp', 'status', 'error', 'message', 'path']);
    expect(body.properties?.timestamp).toMatchObject({ type: 'string', format: 'date-time' });
    expect(body.properties?.status).toMatchObject({ type: 'integer' });
  });

  it('gives every /api operation the refusals it can meet, each with a body schema', () => {
    const missing: string[] = [];
    for (const { name, path, method, operation } of operations()) {
      const expected = ['404', '503'];
      if (operation.security?.length) expected.push('401', '403');
      if (operation.parameters?.length || operation.requestBody) expected.push('400');
      if (method !== 'get' && !path.startsWith('/api/auth/')) expected.push('409');
      for (const status of expected) if (!operation.responses[status]) missing.push(`${name} ${status}`);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400 && !response.content?.['application/json']?.schema) missing.push(`${name} ${status} without a body`);
      }
    }
    expect(missing).toEqual([]);
    expect(operations().length).toBeGreaterThan(100);
  });

  it('keeps the answers handlers document themselves: login refusals and rule conflicts have their own bodies', () => {
    const login = doc.paths['/api/auth/login'].post.responses;
    for (const status of ['401', '429']) {
      expect(login[status].content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/LoginResponse');
    }
    expect(doc.paths['/api/auth/login'].post.responses['409']).toBeUndefined();
    const conflict = doc.paths['/api/admin/schedule-rules'].post.responses['409'];
    expect(conflict.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/RuleConflictResponse');
    expect(doc.paths['/api/users'].get.responses['403'].content?.['application/json']?.schema?.$ref).toBe(ERROR_BODY);
    expect(doc.paths['/api/auth/password'].post.responses['429'].content?.['application/json']?.schema?.$ref).toBe(ERROR_BODY);
  });

  it('marks calendar dates as format date and moments as date-time, in parameters and schemas', () => {
    const unformatted: string[] = [];
    for (const { name, operation } of operations()) {
      for (const parameter of operation.parameters ?? []) {
        if (/(^date|Date)$/.test(parameter.name) && parameter.schema?.format !== 'date') unformatted.push(`${name} ?${parameter.name}`);
      }
    }
    for (const [schemaName, schema] of Object.entries(doc.components.schemas)) {
      for (const [property, value] of Object.entries(schema.properties ?? {})) {
        if (value.type !== 'string') continue;
        if (/(^date|Date|^validFrom|^validTo)$/.test(property) && value.format !== 'date') unformatted.push(`${schemaName}.${property}`);
        if (/[a-z]At$/.test(property) && value.format !== 'date-time') unformatted.push(`${schemaName}.${property}`);
      }
    }
    expect(unformatted).toEqual([]);
    expect(doc.paths['/api/users/teachers/by-department/{departmentId}'].get.parameters?.find((p) => p.name === 'date')?.schema?.format).toBe('date');
    expect(doc.components.schemas.DepartmentHistoryItem.properties?.validTo?.format).toBe('date');
  });
});
