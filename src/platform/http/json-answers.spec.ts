import express, { Express, Response } from 'express';
import request from 'supertest';
import { installJsonAnswers, weakEtag } from './json-answers';

/** Two Express apps with the same routes: one as Express comes, one with the service's JSON answers. */
function apps(): { plain: Express; fast: Express } {
  const build = (fast: boolean) => {
    const app = express();
    if (fast) installJsonAnswers(app);
    app.get('/object', (_req, res: Response) => void res.json({ ok: true, name: 'Иванов И. И.', list: [1, 2, 3] }));
    app.get('/empty', (_req, res: Response) => void res.json({}));
    app.get('/null', (_req, res: Response) => void res.json(null));
    app.get('/undefined', (_req, res: Response) => void res.json(undefined));
    app.get('/status', (_req, res: Response) => void res.status(404).json({ status: 404, message: 'Не найдено' }));
    app.get('/typed', (_req, res: Response) => void res.type('application/problem+json').json({ problem: 'да' }));
    app.post('/created', (_req, res: Response) => void res.status(201).json({ id: 7 }));
    return app;
  };
  return { plain: build(false), fast: build(true) };
}

const HEADERS = ['content-type', 'content-length', 'etag'];

async function both(send: (app: Express) => request.Test) {
  const { plain, fast } = apps();
  const [expected, actual] = await Promise.all([send(plain), send(fast)]);
  return { expected, actual };
}

describe('JSON answers', () => {
  it.each(['/object', '/empty', '/null', '/undefined', '/status', '/typed'])('GET %s answers what Express answers: status, body, type, length and ETag', async (path) => {
    const { expected, actual } = await both((app) => request(app).get(path));
    expect(actual.status).toBe(expected.status);
    expect(actual.text).toBe(expected.text);
    for (const header of HEADERS) expect([header, actual.headers[header]]).toEqual([header, expected.headers[header]]);
  });

  it('answers 304 to a matching If-None-Match, as Express does', async () => {
    const etag: string = (await request(apps().fast).get('/object')).headers.etag;
    const { expected, actual } = await both((app) => request(app).get('/object').set('If-None-Match', etag));
    expect(expected.status).toBe(304);
    expect(actual.status).toBe(304);
    expect(actual.text).toBe('');
  });

  it('sends only the headers of a HEAD request, as Express does', async () => {
    const { expected, actual } = await both((app) => request(app).head('/object'));
    expect(actual.status).toBe(200);
    expect(actual.text).toBeUndefined();
    for (const header of HEADERS) expect(actual.headers[header]).toBe(expected.headers[header]);
  });

  it('answers a POST like Express, ETag included', async () => {
    const { expected, actual } = await both((app) => request(app).post('/created'));
    expect(actual.status).toBe(201);
    expect(actual.text).toBe(expected.text);
    for (const header of HEADERS) expect(actual.headers[header]).toBe(expected.headers[header]);
  });

  it('makes the ETag of an empty and of a multi-byte body like Express', async () => {
    const app = express();
    app.get('/text', (req, res) => void res.send(typeof req.query.text === 'string' ? req.query.text : ''));
    const answer = async (text: string): Promise<string> => (await request(app).get('/text').query({ text })).headers.etag;
    expect(weakEtag('')).toBe(await answer(''));
    expect(weakEtag('Расписание')).toBe(await answer('Расписание'));
    expect(weakEtag(Buffer.from('Расписание'))).toBe(await answer('Расписание'));
  });
});
