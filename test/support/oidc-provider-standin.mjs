// A stand-in for a university's identity provider in the tests: the real OpenID Connect provider of
// the npm package `oidc-provider` (ESM only, so Jest starts this script as a child process). Nothing
// in it is forged: tokens are issued and signed by oidc-provider itself.
//
//   node oidc-provider-standin.mjs '<json>'
//   json: { clients: [{ client_id, client_secret, redirect_uris, post_logout_redirect_uris }],
//           accounts: { <sub>: { login, claims } } }
//
// Prints one line `{"issuer": "http://127.0.0.1:<port>"}` when it listens. Commands arrive as JSON
// lines on stdin, each answered by `{"id": ..., "ok": true}` on stdout:
//   { id, cmd: "rotate" }                      a new signing key; the old one stays published
//   { id, cmd: "account", sub, account }       adds or changes an account
// The login page (the "interaction") is this script's own small form: a login name, no password.
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import Provider from 'oidc-provider';

const config = JSON.parse(process.argv[2] ?? '{}');
const accounts = { ...(config.accounts ?? {}) };
const keys = [];
let provider;

function newKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: `key-${keys.length + 1}-${Date.now()}`, alg: 'RS256', use: 'sig' };
}

function build(issuer) {
  const next = new Provider(issuer, {
    clients: (config.clients ?? []).map((client) => ({
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      ...client,
    })),
    // The newest key first: oidc-provider signs with the first key of the algorithm.
    jwks: { keys: [...keys].reverse() },
    cookies: { keys: ['standin-cookie-key'] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'groups'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts[sub];
      return account ? { accountId: sub, claims: () => ({ sub, ...account.claims }) } : undefined;
    },
    // A first-party client: the user is never asked to consent.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  });
  next.proxy = false;
  return next;
}

const escape = (text) => String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function loginPage(uid, message = '') {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Вход — поставщик университета (тестовый)</title></head>
<body><main><h1>Единый вход университета (тестовый поставщик)</h1>${message ? `<p role="alert">${escape(message)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}"><label for="login">Логин у поставщика</label><input id="login" name="login" autocomplete="username">
<button type="submit">Продолжить</button></form></main></body></html>`;
}

async function body(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

const server = createServer(async (req, res) => {
  try {
    const match = /^\/interaction\/([^/?]+)$/.exec(req.url.split('?')[0]);
    if (match) {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(loginPage(details.uid));
        return;
      }
      const login = (await body(req)).get('login')?.trim();
      const sub = Object.keys(accounts).find((key) => accounts[key].login === login);
      if (!sub) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(loginPage(details.uid, 'Неизвестный логин'));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
      return;
    }
    provider.callback()(req, res);
  } catch (error) {
    res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error?.message ?? error));
  }
});

server.listen(0, '127.0.0.1', async () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  keys.push(newKey());
  provider = build(issuer);
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
  createInterface({ input: process.stdin }).on('line', async (line) => {
    const command = JSON.parse(line);
    if (command.cmd === 'rotate') {
      keys.push(newKey());
      provider = build(issuer);
    } else if (command.cmd === 'account') {
      accounts[command.sub] = command.account;
    }
    process.stdout.write(`${JSON.stringify({ id: command.id, ok: true, kid: keys[keys.length - 1].kid })}\n`);
  });
});
process.stdin.on('end', () => process.exit(0));
