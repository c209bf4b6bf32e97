import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import * as ts from 'typescript';
import { ownerOf, ownerTable, READ_MODELS, ReadModel, TABLE_OWNERS } from './table-owners';

/*
 * The table-owner check (issue 42). It reads every string and template literal of `src/` that looks
 * like SQL, finds the tables it names, and refuses a write to a table the feature does not own and a
 * read of another feature's table outside the declared read models. It also refuses a feature
 * importing another feature's repository class.
 */

interface Source {
  /** From the repository root, with forward slashes: `src/users/users.repository.ts`. */
  path: string;
  text: string;
}

interface TableUse {
  table: string;
  write: boolean;
  line: number;
}

interface Declarations {
  owners: Map<string, string>;
  readModels: readonly ReadModel[];
}

const ROOT = join(__dirname, '..');
const SQL = /\b(?:SELECT|FROM|JOIN|INSERT|UPDATE|DELETE|TRUNCATE|TABLE)\b/;
/** What makes the next table name the target of a write. `FOR UPDATE` and `DO UPDATE` are not. */
const WRITE_BEFORE =
  /(?:\bINSERT\s+INTO|(?<!\bFOR\s|\bDO\s|\bKEY\s)\bUPDATE|\bDELETE\s+FROM|\bTRUNCATE(?:\s+TABLE)?|\bMERGE\s+INTO|\b(?:CREATE|ALTER|DROP)\s+TABLE(?:\s+IF(?:\s+NOT)?\s+EXISTS)?)\s+(?:ONLY\s+)?(?:public\.)?"?$/;
/** SQL that takes its table from an expression: then literals naming a table are read too. */
const DYNAMIC_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+\$\{\}/;

/** `platform/<area>` or the top-level folder of `src/`; the root files are no feature. */
function featureOf(path: string): string {
  const parts = path.split('/');
  if (parts[0] !== 'src' || parts.length < 3) return '(root)';
  return parts[1] === 'platform' ? `platform/${parts[2]}` : parts[1];
}

/** The tables each SQL literal of one file names, and whether it writes them. */
function tableUses(file: ts.SourceFile, tables: ReadonlySet<string>): TableUse[] {
  const uses: TableUse[] = [];
  const named: TableUse[] = [];
  let dynamic = false;
  const visit = (node: ts.Node): void => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((span) => '${}' + span.literal.text).join('');
    if (text !== undefined) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      if (SQL.test(text)) {
        dynamic ||= DYNAMIC_TABLE.test(text);
        for (const match of text.matchAll(/(?<![\w.])[a-z_][a-z0-9_]*\b/g)) {
          if (!tables.has(match[0])) continue;
          const before = text.slice(0, match.index);
          // Only the words just before the name decide; a bounded tail keeps the scan linear.
          const write = WRITE_BEFORE.test(before.slice(-60));
          uses.push({ table: match[0], write, line: line + (before.match(/\n/g)?.length ?? 0) });
        }
      } else if (tables.has(text)) named.push({ table: text, write: false, line });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return dynamic ? [...uses, ...named] : uses;
}

/** Named imports of a `…Repository` class from another feature's folder. */
function repositoryImports(source: Source, file: ts.SourceFile): { name: string; line: number }[] {
  const found: { name: string; line: number }[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) continue;
    const target = posix.join(posix.dirname(source.path), specifier);
    if (featureOf(`${target}/x.ts`) === featureOf(source.path) || !target.startsWith('src/')) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if (/Repository$/.test(element.name.text)) {
        found.push({ name: element.name.text, line: file.getLineAndCharacterOfPosition(statement.getStart(file)).line + 1 });
      }
    }
  }
  return found;
}

/** Every breach of the owner rule in these sources, one sentence each. */
function breaches(sources: readonly Source[], declared: Declarations): string[] {
  const tables = new Set(declared.owners.keys());
  const models = new Map<string, ReadModel>();
  for (const model of declared.readModels) for (const file of model.files) models.set(file, model);
  const found: string[] = [];
  const modelReads = new Map<ReadModel, Set<string>>();

  for (const source of sources) {
    const feature = featureOf(source.path);
    const model = models.get(source.path);
    if (model && model.feature !== feature) found.push(`${source.path}: read model "${model.name}" is declared for ${model.feature}, not ${feature}`);
    const file = ts.createSourceFile(source.path, source.text, ts.ScriptTarget.ES2022);
    for (const use of tableUses(file, tables)) {
      const owner = declared.owners.get(use.table) ?? '';
      const where = `${source.path}:${use.line}`;
      if (use.write) {
        // A read model's file may write its own feature's tables; what it reads of others it never writes.
        if (owner !== feature) found.push(`${where}: ${feature} writes ${use.table}, owned by ${owner}; ask the owner through its index.ts`);
        continue;
      }
      if (owner === feature) continue;
      if (model) {
        if (model.reads.includes(use.table)) modelReads.set(model, (modelReads.get(model) ?? new Set()).add(use.table));
        else found.push(`${where}: read model "${model.name}" reads ${use.table} (of ${owner}) without declaring it`);
        continue;
      }
      found.push(`${where}: ${feature} reads ${use.table} of ${owner}; read it through ${owner}'s index.ts, or declare a read model`);
    }
    for (const imported of repositoryImports(source, file)) {
      found.push(`${source.path}:${imported.line}: ${feature} imports ${imported.name} from another feature; use what that feature's index.ts offers as a service or read port`);
    }
  }

  const seenPaths = new Set(sources.map((source) => source.path));
  for (const model of declared.readModels) {
    for (const table of model.reads) {
      if (!modelReads.get(model)?.has(table) && model.files.every((file) => seenPaths.has(file))) {
        found.push(`read model "${model.name}" declares ${table} but no longer reads it`);
      }
    }
  }
  return found;
}

function sourceFiles(folder: string): Source[] {
  const found: Source[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.fixtures.ts')) {
      found.push({ path: relative(ROOT, path).split('\\').join('/'), text: readFileSync(path, 'utf8') });
    }
  }
  return found;
}

const PROBE: Declarations = {
  owners: new Map([
    ['users', 'users'],
    ['departments', 'departments'],
    ['schedule_versions', 'schedule'],
    ['outbox_events', 'platform/outbox'],
  ]),
  readModels: [{ name: 'Workload', feature: 'workload', files: ['src/workload/workload.repository.ts'], reads: ['users', 'schedule_versions'], why: 'one report' }],
};

const probe = (path: string, text: string, declared: Declarations = PROBE) => breaches([{ path, text }], declared);

describe('table owners', () => {
  it('reports a write to a table another feature owns, and lets the owner write it', () => {
    const insert = 'db.execute(`INSERT INTO schedule_versions (semester_id) VALUES ($1)`);';
    expect(probe('src/academic-years/semesters.repository.ts', insert)).toEqual([
      expect.stringContaining('academic-years writes schedule_versions, owned by schedule'),
    ]);
    expect(probe('src/schedule/versions/versions.repository.ts', insert)).toEqual([]);
    expect(probe('src/platform/auth/passwords.ts', "db.execute('UPDATE users SET password_hash = $2 WHERE id = $1');")).toEqual([
      expect.stringContaining('platform/auth writes users, owned by users'),
    ]);
    expect(probe('src/notifications/dispatcher.ts', 'db.execute(`DELETE FROM outbox_events WHERE id = $1`)')).toHaveLength(1);
    expect(probe('src/platform/outbox/outbox.ts', 'db.execute(`DELETE FROM outbox_events WHERE id = $1`)')).toEqual([]);
  });

  it('reports a read of another feature\'s table outside a read model, however the SQL is written', () => {
    expect(probe('src/users/user-rows.ts', "const sql = 'SELECT d.name FROM users u JOIN departments d ON d.id = u.department_id';")).toEqual([
      expect.stringContaining('users reads departments of departments'),
    ]);
    const nested = 'const sql = `SELECT 1 FROM users WHERE ${byName ? `EXISTS (SELECT 1 FROM departments)` : "true"}`;';
    expect(probe('src/users/user-rows.ts', nested)).toHaveLength(1);
    // A table chosen at run time: the literals that name it count as reads.
    const dynamic = "const refs = [{ table: 'departments' }]; refs.map((r) => `SELECT 1 FROM ${r.table}`);";
    expect(probe('src/users/usage.ts', dynamic)).toEqual([expect.stringContaining('users reads departments')]);
    // Locking a row to read it is no write, and a message that names a table is no SQL.
    expect(probe('src/users/lock.ts', "sql('SELECT 1 FROM departments FOR UPDATE')")).toEqual([expect.stringContaining('reads departments')]);
    expect(probe('src/users/names.ts', "const kind = 'departments'; const text = 'users of departments';")).toEqual([]);
  });

  it('lets a declared read model read what it declares, and nothing else, and never write what it reads', () => {
    const path = 'src/workload/workload.repository.ts';
    expect(probe(path, 'sql(`SELECT 1 FROM users u JOIN schedule_versions v ON true`)')).toEqual([]);
    expect(probe(path, 'sql(`SELECT 1 FROM users u JOIN departments d ON true JOIN schedule_versions v ON true`)')).toEqual([
      expect.stringContaining('read model "Workload" reads departments (of departments) without declaring it'),
    ]);
    expect(probe(path, 'sql(`SELECT 1 FROM schedule_versions`)')).toEqual([expect.stringContaining('declares users but no longer reads it')]);
    expect(probe(path, 'sql(`UPDATE users SET name = 1 FROM schedule_versions`)')).toEqual([
      expect.stringContaining('workload writes users'),
      expect.stringContaining('declares users but no longer reads it'),
    ]);
    expect(probe('src/users/workload.repository.ts', 'sql(`SELECT 1 FROM schedule_versions`)')).toEqual([expect.stringContaining('users reads schedule_versions')]);
  });

  it('reports a feature importing another feature\'s repository class', () => {
    expect(probe('src/study-structure/groups/groups.service.ts', "import { DepartmentsRepository, Departments } from '../../departments';")).toEqual([
      expect.stringContaining('imports DepartmentsRepository from another feature'),
    ]);
    expect(probe('src/schedule/rules/rules.service.ts', "import { ScheduleDataRepository } from '../core';\nimport { X } from './x.repository';")).toEqual([]);
  });

  it('finds no breach in src/', () => {
    expect(breaches(sourceFiles(join(ROOT, 'src')), { owners: ownerOf(), readModels: READ_MODELS })).toEqual([]);
  });

  it('gives every table of the migrations one owner, and declares real files', () => {
    const migrations = join(ROOT, 'migrations');
    const created = new Set<string>();
    const dropped = new Set<string>();
    for (const name of readdirSync(migrations)) {
      const text = readFileSync(join(migrations, name), 'utf8');
      const up = text.split(/async down\s*\(/)[0];
      for (const match of up.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)/g)) created.add(match[1]);
      for (const match of up.matchAll(/DROP TABLE (?:IF EXISTS )?"?(\w+)/g)) dropped.add(match[1]);
    }
    const tables = [...created].filter((table) => !dropped.has(table)).sort();
    const owned = Object.values(TABLE_OWNERS).flat();
    expect(owned.length).toBe(new Set(owned).size);
    expect([...owned].sort()).toEqual(tables);
    for (const model of READ_MODELS) for (const file of model.files) expect(statSync(join(ROOT, file)).isFile()).toBe(true);
  });

  it('is the table docs/architecture.md shows', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const shown = /<!-- table-owners:start -->\n([\s\S]*?)\n<!-- table-owners:end -->/.exec(doc)?.[1];
    // On a difference, paste the expected text (printed by jest) between the two markers.
    expect(shown).toBe(ownerTable());
  });
});
