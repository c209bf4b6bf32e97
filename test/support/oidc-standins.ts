import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

// jose is a dependency of openid-client (the service's relying-party library); the forger signs with it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const jose = require(require.resolve('jose', { paths: [require.resolve('openid-client')] })) as typeof import('jose');

export interface StandinClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
}

export interface StandinAccount {
  /** The name typed into the provider's login form. */
  login: string;
  claims: Record<string, unknown>;
}

/**
 * A real OpenID Connect provider (npm `oidc-provider`) in a child process: see
 * oidc-provider-standin.mjs. Its clients and accounts come from `config`; keys rotate on command.
 */
export class RealProvider {
  private next = 1;
  private readonly waiting = new Map<number, (answer: { kid: string }) => void>();
  readonly log: string[] = [];

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly issuer: string,
  ) {}

  static async start(config: { clients: StandinClient[]; accounts: Record<string, StandinAccount> }): Promise<RealProvider> {
    const child = spawn(process.execPath, [join(__dirname, 'oidc-provider-standin.mjs'), JSON.stringify(config)], { stdio: ['pipe', 'pipe', 'pipe'] });
    const lines = createInterface({ input: child.stdout });
    const log: string[] = [];
    child.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    const issuer = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the provider did not start: ${log.join('')}`)), 15000);
      const first = (line: string) => {
        // oidc-provider prints its own warnings on stdout too; the script's answers are JSON lines.
        if (!line.startsWith('{')) return void log.push(line);
        lines.off('line', first);
        clearTimeout(timer);
        resolve((JSON.parse(line) as { issuer: string }).issuer);
      };
      lines.on('line', first);
      child.once('exit', (code) => reject(new Error(`the provider exited with ${code}: ${log.join('')}`)));
    });
    const provider = new RealProvider(child, issuer);
    provider.log.push(...log);
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return void provider.log.push(line);
      const answer = JSON.parse(line) as { id: number; kid: string };
      provider.waiting.get(answer.id)?.(answer);
      provider.waiting.delete(answer.id);
    });
    return provider;
  }

  private command(command: Record<string, unknown>): Promise<{ kid: string }> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin.write(`${JSON.stringify({ id, ...command })}\n`);
    });
  }

  /** Publishes a new signing key and signs with it from now on; returns its key id. */
  async rotateKeys(): Promise<string> {
    return (await this.command({ cmd: 'rotate' })).kid;
  }

  async setAccount(sub: string, account: StandinAccount): Promise<void> {
    await this.command({ cmd: 'account', sub, account });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.end();
    await exited;
  }
}

export type Forgery = 'none' | 'expired' | 'other-audience' | 'unpublished-key' | 'wrong-nonce' | 'future-iat';

/**
 * A second, deliberately dishonest stand-in for the cases a real provider never produces: it speaks
 * the same protocol (discovery, keys, authorization, token with PKCE and client authentication), but
 * the ID token it returns is forged as `forgery` says: already expired, issued for another client,
 * signed with a key it never published, carrying another nonce, or issued ten years from now. With
 * `none` its tokens are honest, which shows the service accepts this stand-in when nothing is forged.
 * `algorithms` is what its discovery document offers for ID tokens (it always signs with RS256).
 */
export class ForgingProvider {
  forgery: Forgery = 'none';
  algorithms: unknown = ['RS256'];
  /** The algorithm its ID tokens are signed with (its key is RSA, so RS* or PS*). */
  signingAlg = 'RS256';
  /** Fields of the discovery document replaced (endpoints on other hosts, say); undefined leaves one out. */
  discoveryOverrides: Record<string, unknown> = {};
  /** Every request it got: path and the Host it was sent with. */
  readonly requests: { path: string; host: string | undefined }[] = [];
  private readonly codes = new Map<string, { nonce: string; challenge: string; clientId: string }>();

  private constructor(
    private readonly server: Server,
    readonly issuer: string,
    private readonly published: { key: import('jose').KeyLike; kid: string },
    private readonly unpublished: { key: import('jose').KeyLike; kid: string },
    private readonly jwks: object,
    private readonly client: StandinClient,
    private readonly account: { sub: string; claims: Record<string, unknown> },
  ) {}

  static async start(client: StandinClient, account: { sub: string; claims: Record<string, unknown> }): Promise<ForgingProvider> {
    const published = await jose.generateKeyPair('RS256');
    const unpublished = await jose.generateKeyPair('RS256');
    // No `alg` on the key: which algorithm a token may use is the relying party's decision alone.
    const jwk = { ...(await jose.exportJWK(published.publicKey)), kid: 'published', use: 'sig' };
    let handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void = () => undefined;
    const server = createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const forger = new ForgingProvider(
      server,
      issuer,
      { key: published.privateKey, kid: 'published' },
      // The same kid as the published key: only the signature can tell them apart.
      { key: unpublished.privateKey, kid: 'published' },
      { keys: [jwk] },
      client,
      account,
    );
    handler = (req, res) => void forger.handle(req, res);
    return forger;
  }

  private async handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.issuer);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    this.requests.push({ path: url.pathname, host: req.headers.host });
    if (url.pathname === '/.well-known/openid-configuration') {
      return void json(200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        id_token_signing_alg_values_supported: this.algorithms,
        subject_types_supported: ['public'],
        ...this.discoveryOverrides,
      });
    }
    if (url.pathname === '/jwks') return void json(200, this.jwks);
    if (url.pathname === '/authorize') {
      // Signs the user in at once (there is no one to ask) and sends the browser back with a code.
      const code = randomBytes(16).toString('base64url');
      this.codes.set(code, { nonce: url.searchParams.get('nonce') ?? '', challenge: url.searchParams.get('code_challenge') ?? '', clientId: url.searchParams.get('client_id') ?? '' });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return void res.writeHead(302, { Location: back.toString() }).end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let text = '';
      for await (const chunk of req) text += String(chunk);
      const form = new URLSearchParams(text);
      const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':').map(decodeURIComponent);
      const issued = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (id !== this.client.client_id || secret !== this.client.client_secret) return void json(401, { error: 'invalid_client' });
      if (!issued || issued.clientId !== id || issued.challenge !== challenge) return void json(400, { error: 'invalid_grant' });
      return void json(200, { access_token: randomBytes(16).toString('base64url'), token_type: 'Bearer', expires_in: 300, id_token: await this.idToken(issued.nonce) });
    }
    json(404, { error: 'not_found' });
  }

  private async idToken(nonce: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims = { ...this.account.claims, nonce: this.forgery === 'wrong-nonce' ? 'a-nonce-of-another-sign-in' : nonce };
    const expiresAt = this.forgery === 'expired' ? now - 120 : now + 300;
    const issuedAt = this.forgery === 'expired' ? now - 420 : this.forgery === 'future-iat' ? now + 10 * 365 * 24 * 3600 : now;
    const signer = this.forgery === 'unpublished-key' ? this.unpublished : this.published;
    return new jose.SignJWT(claims)
      .setProtectedHeader({ alg: this.signingAlg, kid: signer.kid })
      .setIssuer(this.issuer)
      .setSubject(this.account.sub)
      .setAudience(this.forgery === 'other-audience' ? 'client-of-another-university' : this.client.client_id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(signer.key);
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }
}

export interface HttpAnswer {
  status: number;
  location?: string;
  body: string;
  setCookies: string[];
}

/**
 * A browser's part of a sign-in without the rendering: follows redirects, keeps cookies per host and
 * path, submits the provider's login form. Every host goes to 127.0.0.1 (the tenants' hosts are
 * `<tenant>.timetable.test:<port>` on the test server).
 */
export class CookieBrowser {
  private readonly jar = new Map<string, { name: string; value: string; path: string }[]>();

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.find((cookie) => cookie.name === name)?.value;
  }

  setCookie(host: string, name: string, value: string, path = '/'): void {
    const cookies = (this.jar.get(host) ?? []).filter((cookie) => !(cookie.name === name && cookie.path === path));
    cookies.push({ name, value, path });
    this.jar.set(host, cookies);
  }

  forget(host: string, name: string): void {
    this.jar.set(host, (this.jar.get(host) ?? []).filter((cookie) => cookie.name !== name));
  }

  request(method: string, address: string, form?: Record<string, string>): Promise<HttpAnswer> {
    const url = new URL(address);
    const cookies = (this.jar.get(url.host) ?? []).filter((cookie) => url.pathname.startsWith(cookie.path));
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const headers: Record<string, string> = { Host: url.host };
    if (cookies.length > 0) headers.Cookie = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    if (body) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: url.port || 80, path: `${url.pathname}${url.search}`, method, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const setCookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
          for (const line of setCookies) this.store(url, line);
          resolve({ status: res.statusCode ?? 0, location: res.headers.location ? new URL(res.headers.location, url).toString() : undefined, body: text, setCookies });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Follows redirects from `address` until an answer that is not one; every hop is returned. */
  async follow(address: string, stopAt?: (url: URL) => boolean): Promise<{ last: HttpAnswer; url: string; hops: string[] }> {
    let url = address;
    const hops: string[] = [];
    for (let hop = 0; hop < 15; hop++) {
      hops.push(url);
      if (stopAt?.(new URL(url))) return { last: { status: 0, body: '', setCookies: [] }, url, hops };
      const answer = await this.request('GET', url);
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        url = answer.location;
        continue;
      }
      return { last: answer, url, hops };
    }
    throw new Error(`too many redirects: ${hops.join(' -> ')}`);
  }

  private store(url: URL, line: string): void {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    const path = attributes.find((part) => /^path=/i.test(part))?.slice(5) || '/';
    const expired = attributes.some((part) => /^max-age=0$/i.test(part) || (/^expires=/i.test(part) && new Date(part.slice(8)).getTime() < Date.now()));
    const cookies = (this.jar.get(url.host) ?? []).filter((cookie) => !(cookie.name === name && cookie.path === path));
    if (!expired && value !== '') cookies.push({ name, value, path });
    this.jar.set(url.host, cookies);
  }
}
