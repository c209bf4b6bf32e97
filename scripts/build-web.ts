import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';

/**
 * Builds the web client (`web/src`) into `dist/web`, which `src/web/web-pages.ts` serves:
 *  1. the service's own OpenAPI document, made by the app itself without a database, turned into
 *     TypeScript types (`web/src/api/generated/`, not committed) by openapi-typescript;
 *  2. `tsc` over the web code against those types: a renamed or removed DTO field fails here;
 *  3. esbuild bundles one entry per page (student, teacher, admin) with code splitting, so each
 *     section's code is a chunk of its own; every file name carries a content hash.
 *  4. one `index.html` per page naming its hashed script, style and preloads.
 *
 * `--types-only` stops after step 1 (lint needs the types); `--if-stale` skips everything when the
 * output is newer than every source (the test run's global setup calls it so).
 */
const ROOT = resolve(__dirname, '..', ...(basename(resolve(__dirname, '..')) === 'dist' ? ['..'] : []));
const WEB = join(ROOT, 'web');
const SOURCE = join(WEB, 'src');
const GENERATED = join(SOURCE, 'api', 'generated');
export const WEB_OUT = join(ROOT, 'dist', 'web');
const STAMP = join(WEB_OUT, '.built');
/** What step 2 found, file by file: a later check of unchanged sources (the test run's) reuses it. */
export const WEB_TYPES_BUILD_INFO = join(ROOT, 'dist', 'web-types.tsbuildinfo');
const PAGES = ['student', 'teacher', 'admin'] as const;

const PAGE_TITLES: Record<(typeof PAGES)[number], string> = {
  student: 'Расписание группы',
  teacher: 'Преподаватель — расписание',
  admin: 'Учебный отдел — расписание',
};

/** The newest modification time of any file below `dir` (the test run's stale checks share it). */
export function newestFile(dir: string, skip: (path: string) => boolean = () => false): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (skip(path)) continue;
    newest = Math.max(newest, entry.isDirectory() ? newestFile(path, skip) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The client is stale when any web source or any server source (DTOs shape the API types) is newer. */
export function webBuildIsStale(): boolean {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  const sources = Math.max(newestFile(SOURCE, (path) => path.startsWith(GENERATED)), newestFile(join(ROOT, 'src')), statSync(__filename).mtimeMs);
  return sources > built;
}

/** Step 1: the OpenAPI document of the app (no tenant, no database: the document needs neither). */
export async function generateApiTypes(): Promise<void> {
  const { NestFactory } = await import('@nestjs/core');
  const { AppModule } = await import('../src/app.module');
  const { apiDocument } = await import('../src/create-app');
  const { loadConfig } = await import('../src/config/app-config');
  const config = loadConfig({ JWT_SECRET: 'only-to-describe-the-api-not-to-sign-anything', TENANTS_FILE: '/dev/null', SWAGGER_ENABLED: 'true' });
  const app = await NestFactory.create(AppModule.forRoot(config, []), { logger: false, abortOnError: false });
  const document = apiDocument(app);
  await app.close();
  mkdirSync(GENERATED, { recursive: true });
  const json = join(GENERATED, 'openapi.json');
  writeFileSync(json, JSON.stringify(document, null, 1));
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'), json, '--output', join(GENERATED, 'schema.d.ts'), '--root-types'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Step 2: the web code type-checked against the generated types. */
function typeCheck(): void {
  const args = ['--noEmit', '--incremental', '--tsBuildInfoFile', WEB_TYPES_BUILD_INFO, '-p', join(WEB, 'tsconfig.json')];
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), ...args], { stdio: 'inherit' });
}

const hashOf = (text: string | Buffer) => createHash('sha256').update(text).digest('base64url').slice(0, 10);

/** Steps 3 and 4. */
async function bundle(): Promise<void> {
  const esbuild = await import('esbuild');
  rmSync(WEB_OUT, { recursive: true, force: true });
  const assets = join(WEB_OUT, 'assets');
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: PAGES.map((page) => join(SOURCE, 'pages', `${page}.tsx`)),
    outdir: assets,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  // The shared style: one file for screens, one for print, each named by its content.
  const styles: Record<string, string> = {};
  for (const name of ['app', 'print']) {
    const css = await esbuild.transform(readFileSync(join(SOURCE, 'shared', `${name}.css`), 'utf8'), { loader: 'css', minify: true });
    const file = `${name}-${hashOf(css.code)}.css`;
    writeFileSync(join(assets, file), css.code);
    styles[name] = `/assets/${file}`;
  }
  const outputs = result.metafile.outputs;
  for (const page of PAGES) {
    const [path, output] = Object.entries(outputs).find(([, item]) => item.entryPoint?.endsWith(`pages/${page}.tsx`)) ?? [];
    if (!path || !output) throw new Error(`no bundle for ${page}`);
    const script = `/assets/${relative(assets, join(ROOT, path))}`;
    const preloads = output.imports.filter((item) => item.kind === 'import-statement').map((item) => `/assets/${relative(assets, join(ROOT, item.path))}`);
    mkdirSync(join(WEB_OUT, page), { recursive: true });
    writeFileSync(join(WEB_OUT, page, 'index.html'), pageHtml(PAGE_TITLES[page], script, preloads, styles));
  }
  writeFileSync(STAMP, new Date().toISOString());
}

function pageHtml(title: string, script: string, preloads: string[], styles: Record<string, string>): string {
  return `<!doctype html>
<html lang="ru">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${styles.app}">
  <link rel="stylesheet" href="${styles.print}" media="print">
  <script type="module" src="${script}"></script>
${preloads.map((href) => `  <link rel="modulepreload" href="${href}">`).join('\n')}
</head>
<body>
  <div id="app"><main id="main"><p class="status" role="status">Загрузка…</p></main></div>
  <noscript><p class="error">Для работы расписания включите в браузере JavaScript.</p></noscript>
</body>
</html>
`;
}

export async function buildWeb(options: { ifStale?: boolean } = {}): Promise<void> {
  if (options.ifStale && !webBuildIsStale()) return;
  await generateApiTypes();
  typeCheck();
  await bundle();
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const run = args.includes('--types-only') ? generateApiTypes() : buildWeb({ ifStale: args.includes('--if-stale') });
  run.catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
