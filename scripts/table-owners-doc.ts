/*
 * Rewrites the table-owner list and the read models in docs/architecture.md from src/table-owners.ts
 * (the check in src/table-owners.spec.ts fails until the two agree):
 *   npx ts-node --transpile-only scripts/table-owners-doc.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownerTable } from '../src/table-owners';

const path = join(__dirname, '..', 'docs', 'architecture.md');
const doc = readFileSync(path, 'utf8');
const section = /(<!-- table-owners:start -->)[\s\S]*?(<!-- table-owners:end -->)/;
if (!section.test(doc)) throw new Error('docs/architecture.md has no table-owners markers');
writeFileSync(path, doc.replace(section, (_all, start: string, end: string) => `${start}\n${ownerTable()}\n${end}`));
