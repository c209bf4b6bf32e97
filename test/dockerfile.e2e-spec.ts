import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../src/config/app-config';

const ROOT = resolve(__dirname, '..');

/**
 * No Docker engine runs the tests, so the image is checked by reading its Dockerfile: what the
 * build copies exists, the command starts what the build produces, and the runtime stage is the
 * one operations rely on (maintained Node line, non-root, writable embedded data, a health check).
 */
describe('the Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages[stages.length - 1];

  it('builds on a maintained Node line (not 20) in two stages', () => {
    const image = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1] ?? '';
    expect(image).toMatch(/^node:(22|24)\b/);
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/^\$\{NODE_IMAGE\} AS build/);
    expect(runtime).toMatch(/^\$\{NODE_IMAGE\}\n/);
  });

  it('copies only what exists and starts what the build produces', () => {
    for (const match of stages[0].matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const source of match[1].split(' ')) expect(existsSync(join(ROOT, source))).toBe(true);
    }
    const nest = JSON.parse(readFileSync(join(ROOT, 'nest-cli.json'), 'utf8')) as { entryFile: string };
    expect(runtime).toContain(`CMD ["node", "dist/${nest.entryFile}.js"]`);
  });

  it('runs without development tooling or package managers, as a non-root user', () => {
    expect(stages[0]).toContain('npm prune --omit=dev');
    expect(runtime).not.toMatch(/npm (ci|install)/);
    expect(runtime).toMatch(/rm -rf [^]*?\/usr\/local\/bin\/npm /);
    expect(runtime).toMatch(/^USER node$/m);
  });

  it('gives embedded mode a writable data directory where the default settings put it', () => {
    const workdir = /^WORKDIR (\S+)$/m.exec(runtime)?.[1];
    const dataDir = loadConfig({}).embedded.dataDir; // .data/postgres, relative to the working directory
    const parent = `${workdir}/${dataDir.split('/')[0]}`;
    expect(runtime).toContain(`mkdir -p ${parent} && chown node:node ${parent}`);
    expect(runtime).toContain(`VOLUME ["${parent}"]`);
  });

  it('has a health check on the readiness probe', () => {
    expect(runtime).toMatch(/^HEALTHCHECK .*--start-period=\d+s/m);
    expect(runtime).toContain('/actuator/health/readiness');
  });

  it('keeps secrets and local data out of the build context', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['.env', '.data', 'node_modules', 'dist']) expect(ignored).toContain(entry);
  });
});
