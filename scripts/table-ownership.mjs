// The table-ownership rule of shared/STYLE.md, checked: every table has one owning module (src/database/table-owners.json),
// and only that module's infrastructure/ (at its root or in an aggregate sub-folder) names it. Scans src/modules/**
// (specs aside; migrations live in src/database) and reports, one line each, as `file: table (owner)`:
//   - SQL naming another module's table (a FROM/JOIN/INTO/UPDATE/USING/TABLE in a string literal), or a TypeORM entity
//     class of another module imported (`… via UserEntity`);
//   - SQL, entity classes or data-access calls (.query(, createQueryBuilder, getRepository, @InjectRepository) in a file
//     outside a module's infrastructure/ (`… outside infrastructure/`; a call naming no table shows as the call).
// Usage: node scripts/table-ownership.mjs [root] [--json]
//   prints the violations under root (default: this repository), or with --json an object { violations, unowned };
//   test/e2e/table-ownership.e2e-spec.ts asserts there are none.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './lib.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Splits TypeScript source into its code (string contents blanked, comments dropped) and its string literals. */
export function lex(src) {
  const strings = [];
  let code = '';
  let i = 0;
  const stack = []; // 'tmpl' frames, and {depth} frames for ${ … } expressions
  let lastSignificant = '';
  const readQuoted = (q) => {
    let s = '';
    i++;
    while (i < src.length && src[i] !== q) {
      if (src[i] === '\\') {
        s += src[i + 1] ?? '';
        i += 2;
      } else if (src[i] === '\n') break;
      else s += src[i++];
    }
    i++;
    return s;
  };
  const readTemplate = () => {
    // from just after a ` (or after the } closing an expression) up to the closing ` or the next ${
    let s = '';
    while (i < src.length) {
      const c = src[i];
      if (c === '\\') {
        s += src[i + 1] ?? '';
        i += 2;
      } else if (c === '`') {
        i++;
        return { s, open: false };
      } else if (c === '$' && src[i + 1] === '{') {
        i += 2;
        return { s: s + '$_', open: true };
      } else s += src[i++];
    }
    return { s, open: false };
  };
  let tmplParts = [];
  const tmplStack = [];
  const startTemplate = () => {
    tmplStack.push(tmplParts);
    tmplParts = [];
    continueTemplate();
  };
  const continueTemplate = () => {
    const { s, open } = readTemplate();
    tmplParts.push(s);
    if (open) stack.push({ depth: 0 });
    else {
      strings.push(tmplParts.join(''));
      tmplParts = tmplStack.pop();
      code += '``';
      lastSignificant = '`';
    }
  };
  while (i < src.length) {
    const c = src[i];
    const n = src[i + 1];
    if (c === '/' && n === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && n === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
    } else if (c === "'" || c === '"') {
      strings.push(readQuoted(c));
      code += c + c;
      lastSignificant = c;
    } else if (c === '`') {
      i++;
      startTemplate();
    } else if (c === '/' && (lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant) || /\b(return|typeof|case)$/.test(code))) {
      // a regular-expression literal: skip it whole, so quotes inside it start no string
      i++;
      let inClass = false;
      while (i < src.length && src[i] !== '\n') {
        if (src[i] === '\\') i += 2;
        else if (src[i] === '[') (inClass = true), i++;
        else if (src[i] === ']') (inClass = false), i++;
        else if (src[i] === '/' && !inClass) break;
        else i++;
      }
      i++;
      code += '/re/';
      lastSignificant = '/';
    } else if (c === '{' && stack.length) {
      stack[stack.length - 1].depth++;
      code += c;
      lastSignificant = c;
      i++;
    } else if (c === '}' && stack.length && stack[stack.length - 1].depth === 0) {
      stack.pop();
      i++;
      continueTemplate();
    } else {
      if (c === '}' && stack.length) stack[stack.length - 1].depth--;
      code += c;
      if (!/\s/.test(c)) lastSignificant = c;
      i++;
    }
  }
  return { code, strings };
}

const SQL_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|USING|TABLE)\s+(?:ONLY\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/g;
const CALLS = [
  ['.query(', /\.query\s*\(/],
  ['createQueryBuilder', /\bcreateQueryBuilder\s*\(/],
  ['getRepository', /\bgetRepository\s*\(/],
  ['@InjectRepository', /@InjectRepository\s*\(/],
];
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"]/gm;

function moduleOf(rel) {
  const m = /^src\/modules\/([^/]+)\//.exec(rel);
  return m ? m[1] : null;
}

function resolveImport(fromFile, spec, root) {
  let base;
  if (spec.startsWith('.')) base = resolve(dirname(fromFile), spec);
  else if (spec.startsWith('src/')) base = resolve(root, spec);
  else return null;
  base = base.replace(/\.js$/, '');
  for (const cand of [`${base}.ts`, join(base, 'index.ts')]) if (existsSync(cand)) return cand;
  return null;
}

/** The table → owner map, and the CREATE TABLE names of the migrations that have no owner in it. */
export function readOwners(root) {
  const owners = JSON.parse(readFileSync(join(root, 'src', 'database', 'table-owners.json'), 'utf8')).tables;
  const created = new Set();
  for (const f of sourceFiles(join(root, 'src', 'database', 'migrations'))) {
    for (const m of readFileSync(f, 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?([a-z_][a-z0-9_]*)/gi)) created.add(m[1]);
  }
  return { owners, unowned: [...created].filter((t) => !(t in owners)).sort() };
}

/** The violations of the table-ownership rule under root, sorted, as `file: table (owner)[ …]` lines. */
export function tableOwnershipViolations(root = REPO) {
  const { owners } = readOwners(root);
  const files = sourceFiles(join(root, 'src', 'modules'));
  const rel = (f) => relative(root, f).split(sep).join('/');
  // entity files: path → { table, owner, classes }
  const entities = new Map();
  for (const f of files) {
    if (!f.endsWith('.entity.ts')) continue;
    const src = readFileSync(f, 'utf8');
    const table = /@Entity\(\s*(?:\{\s*name:\s*)?['"]([a-z0-9_]+)['"]/.exec(src)?.[1];
    if (!table) continue;
    entities.set(f, { table, owner: owners[table] ?? moduleOf(rel(f)) });
  }
  const out = new Set();
  for (const f of files) {
    const r = rel(f);
    const mod = moduleOf(r);
    const inInfra = r.includes('/infrastructure/');
    const src = readFileSync(f, 'utf8');
    const { code, strings } = lex(src);
    const line = (what, owner, outside) => out.add(`${r}: ${what} (${owner})${outside ? ' outside infrastructure/' : ''}`);
    const tables = new Set();
    for (const s of strings) for (const m of s.matchAll(SQL_TABLE)) if (m[1] in owners) tables.add(m[1]);
    if (entities.has(f)) tables.add(entities.get(f).table);
    for (const t of tables) if (owners[t] !== mod || !inInfra) line(t, owners[t], !inInfra);
    if (!inInfra) for (const [name, re] of CALLS) if (re.test(code)) out.add(`${r}: ${name} outside infrastructure/`);
    for (const m of src.matchAll(IMPORT)) {
      const target = resolveImport(f, m[3], root);
      const e = target && entities.get(target);
      if (!e) continue;
      const names = m[2]
        .replace(/[{}]/g, '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const valueNames = m[1] ? [] : names.filter((n) => !n.startsWith('type '));
      const foreign = e.owner !== mod;
      const outside = !inInfra && valueNames.length > 0;
      if (foreign || outside) line(`${e.table} via ${names.map((n) => n.replace(/^type\s+/, '')).join(', ')}`, e.owner, outside);
    }
  }
  return [...out].sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const root = resolve(args.find((a) => !a.startsWith('--')) ?? REPO);
  const violations = tableOwnershipViolations(root);
  const { unowned } = readOwners(root);
  if (args.includes('--json')) process.stdout.write(`${JSON.stringify({ violations, unowned })}\n`);
  else {
    for (const v of violations) console.log(v);
    for (const t of unowned) console.log(`src/database/table-owners.json: ${t} (no owner)`);
    console.error(`${violations.length} violation(s), ${unowned.length} table(s) without an owner`);
  }
}
