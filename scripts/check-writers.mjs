#!/usr/bin/env node
// One writer per kind of fact (ARCHITECTURE rule 8, issue 10 #1 and #2, ADR 0010): fails when server code
// other than the wallets module writes a wallet or ledger table, or code other than the outbox inserts
// into message_history.
//
// Scans apps/server/src/**/*.ts except tests and their support files (*.test.ts, test/, *fixture(s).ts —
// the same set ESLint treats as tests), db/migrations and db/seed. Comments are ignored; string and
// template contents are not (raw SQL lives there). Two forms are recognised:
//   - drizzle: `.insert(T)`, `.update(T)`, `.delete(T)` where T is a table imported from db/schema (under
//     any local alias);
//   - SQL text: `insert into X`, `update X`, `delete from X` where X is the table's name (quoted or not,
//     optionally `public.`), a `${T}` interpolation of the drizzle table, a `${…getTableName(T)…}`
//     expression, or a `${name}` whose constant was built from getTableName(T) in the same file.
// Guarded: wallets, wallet_entries, wallet_holds (insert, update, delete) outside
// apps/server/src/modules/wallets/; message_history (insert) outside apps/server/src/modules/messaging/outbox.ts;
// review_tasks and review_task_participants outside modules/approvals/; notifications outside modules/notifications/;
// the mini-app tables of issue 14 outside their modules, the message statistics outside the fold (see RULES).
//
// Usage: node scripts/check-writers.mjs [--root <dir>]   (root defaults to the repository; exit 1 on findings)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The guarded tables: drizzle export name → SQL name, operations guarded, and the only place allowed. */
const RULES = [
  { table: 'wallets', sqlName: 'wallets', ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/wallets/', what: 'the wallets module' },
  { table: 'walletEntries', sqlName: 'wallet_entries', ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/wallets/', what: 'the wallets module' },
  { table: 'walletHolds', sqlName: 'wallet_holds', ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/wallets/', what: 'the wallets module' },
  { table: 'messageHistory', sqlName: 'message_history', ops: ['insert'], owner: 'apps/server/src/modules/messaging/outbox.ts', what: 'the outbox (modules/messaging/outbox.ts)' },
  // Review tasks are the review engine's facts (issue 11): reviewed modules call its service.
  { table: 'reviewTasks', sqlName: 'review_tasks', ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/approvals/', what: 'the review engine (modules/approvals)' },
  { table: 'reviewTaskParticipants', sqlName: 'review_task_participants', ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/approvals/', what: 'the review engine (modules/approvals)' },
  // In-app notifications have one writer; other modules' facts reach it through event handlers.
  { table: 'notifications', sqlName: 'notifications', ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/notifications/', what: 'the notifications module' },
  // Mini App loyalty (issue 14, ADR 0022): codes and their history, spins and turns, customers and the activity history each have one writer.
  { table: 'zmaGiftCodes', sqlName: 'zma_gift_codes', ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/zma-loyalty/', what: 'the loyalty module (modules/zma-loyalty)' },
  { table: 'zmaGiftCodeEvents', sqlName: 'zma_gift_code_events', ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/zma-loyalty/', what: 'the loyalty module (modules/zma-loyalty)' },
  { table: 'zmaSpins', sqlName: 'zma_spins', ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/zma-draw/', what: 'the lucky-draw module (modules/zma-draw)' },
  { table: 'zmaTurnUsage', sqlName: 'zma_turn_usage', ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/zma-draw/', what: 'the lucky-draw module (modules/zma-draw)' },
  { table: 'zmaCustomers', sqlName: 'zma_customers', ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/zma-customers/', what: 'the customers module (modules/zma-customers)' },
  { table: 'zmaActivity', sqlName: 'zma_activity', ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/mini-apps/activity.ts', what: 'the activity writer (modules/mini-apps/activity.ts)' },
  // Message statistics (issue 16, ADR 0024): message_history's triggers append the deltas, the fold alone moves them into the rollups.
  ...['messageStatDeltas:message_stat_deltas', 'messageStatsHourly:message_stats_hourly', 'messageStatsDaily:message_stats_daily', 'messageStatsTenantDaily:message_stats_tenant_daily', 'messageErrorStatsDaily:message_error_stats_daily', 'messageStatsMerchantHourly:message_stats_merchant_hourly', 'messageStatsMerchantDaily:message_stats_merchant_daily', 'messageStatsMerchantDimDaily:message_stats_merchant_dim_daily', 'messageStatsMerchantDimMonthly:message_stats_merchant_dim_monthly'].map((pair) => {
    const [table, sqlName] = pair.split(':');
    return { table, sqlName, ops: ['insert', 'update', 'delete'], owner: 'apps/server/src/modules/stats/fold.ts', what: 'the statistics fold (modules/stats/fold.ts)' };
  }),
];

const SCAN_ROOT = 'apps/server/src';
const EXCLUDED = [/\.test\.ts$/, /(^|\/)test\//, /fixtures?\.ts$/, /^apps\/server\/src\/db\/migrations\//, /^apps\/server\/src\/db\/seed\//];

/** Blanks comments (keeping line breaks) and leaves code, strings and template literals as they are. */
export function stripComments(src) {
  let out = '';
  let i = 0;
  // Stack of contexts: 'code' or 'template'; a template's `${` pushes code with a brace depth.
  const stack = [{ kind: 'code', depth: 0 }];
  while (i < src.length) {
    const top = stack[stack.length - 1];
    const c = src[i];
    const next = src[i + 1];
    if (top.kind === 'template') {
      if (c === '\\') {
        out += src.slice(i, i + 2);
        i += 2;
      } else if (c === '`') {
        out += c;
        stack.pop();
        i += 1;
      } else if (c === '$' && next === '{') {
        out += '${';
        stack.push({ kind: 'code', depth: 0 });
        i += 2;
      } else {
        out += c;
        i += 1;
      }
      continue;
    }
    if (c === '/' && next === '/') {
      while (i < src.length && src[i] !== '\n') {
        out += ' ';
        i += 1;
      }
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end === -1 ? src.length : end + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j + 1;
    } else if (c === '`') {
      out += c;
      stack.push({ kind: 'template' });
      i += 1;
    } else if (c === '{') {
      top.depth += 1;
      out += c;
      i += 1;
    } else if (c === '}') {
      if (top.depth === 0 && stack.length > 1) stack.pop();
      else top.depth -= 1;
      out += c;
      i += 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Local names under which the file imported each guarded table from db/schema. */
function importedNames(code) {
  const names = new Map(RULES.map((r) => [r.table, new Set()]));
  const importRe = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of code.matchAll(importRe)) {
    if (!/(^|\/)schema(\/|$)/.test(m[2])) continue;
    for (const part of m[1].split(',')) {
      const [imported, local] = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/);
      if (imported && names.has(imported)) names.get(imported).add((local ?? imported).trim());
    }
  }
  // `import * as schema from '…/db/schema…'` → schema.wallets
  for (const m of code.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s*['"]([^'"]*schema[^'"]*)['"]/g)) {
    for (const r of RULES) names.get(r.table).add(`${m[1]}.${r.table}`);
  }
  return names;
}

/** Findings for one file's source: [{ line, message }]. `rel` is the path from the repository root. */
export function scanSource(rel, src) {
  const code = stripComments(src);
  const findings = [];
  const lineOf = (index) => code.slice(0, index).split('\n').length;
  const imported = importedNames(code);
  for (const rule of RULES) {
    if (rel.startsWith(rule.owner)) continue;
    const locals = [...imported.get(rule.table)];
    // Constants holding the table's name: const X = quote(getTableName(wallets)) (any local alias).
    const tableRefs = locals.map(escape).join('|');
    const aliasConsts = [];
    if (tableRefs) {
      const constRe = new RegExp(`(?:const|let|var)\\s+(\\w+)\\s*=[^;\\n]*getTableName\\(\\s*(?:${tableRefs})\\s*\\)`, 'g');
      for (const m of code.matchAll(constRe)) aliasConsts.push(m[1]);
    }
    const report = (index, op, how) =>
      findings.push({ line: lineOf(index), message: `${op} on ${rule.sqlName} (${how}) outside ${rule.what}` });
    if (tableRefs) {
      const drizzleRe = new RegExp(`\\.\\s*(${rule.ops.join('|')})\\s*\\(\\s*(?:${tableRefs})\\s*\\)`, 'g');
      for (const m of code.matchAll(drizzleRe)) report(m.index, m[1], 'drizzle');
    }
    const keyword = { insert: 'insert\\s+into', update: 'update', delete: 'delete\\s+from' };
    const targets = [`(?:"?public"?\\s*\\.\\s*)?"?${rule.sqlName}"?(?![\\w$])`];
    if (tableRefs) {
      targets.push(`\\$\\{\\s*(?:${tableRefs})\\s*\\}`);
      targets.push(`\\$\\{[^}]*getTableName\\(\\s*(?:${tableRefs})\\s*\\)[^}]*\\}`);
    }
    if (aliasConsts.length) targets.push(`\\$\\{\\s*(?:${aliasConsts.map(escape).join('|')})\\s*\\}`);
    for (const op of rule.ops) {
      const sqlRe = new RegExp(`(?<![\\w.$])${keyword[op]}\\s+(?:only\\s+)?(?:${targets.join('|')})`, 'gi');
      for (const m of code.matchAll(sqlRe)) report(m.index, op, 'SQL');
    }
  }
  return findings.sort((a, b) => a.line - b.line);
}

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile() && entry.name.endsWith('.ts')) yield full;
  }
}

/** Every finding under `root`/apps/server/src: [{ file, line, message }]. */
export function checkWriters(root) {
  const results = [];
  for (const full of walk(path.join(root, SCAN_ROOT))) {
    const rel = path.relative(root, full).split(path.sep).join('/');
    if (EXCLUDED.some((re) => re.test(rel))) continue;
    for (const f of scanSource(rel, readFileSync(full, 'utf8'))) results.push({ file: rel, ...f });
  }
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--root');
  const root = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const results = checkWriters(root);
  if (results.length > 0) {
    for (const r of results) console.error(`${r.file}:${r.line}: ${r.message}`);
    console.error(`check-writers: ${results.length} write(s) outside their owner (ARCHITECTURE rule 8, docs/adr/0010-money-in-one-place.md)`);
    process.exit(1);
  }
  console.log('check-writers: wallet and ledger tables are written only by the wallets module, message_history only by the outbox');
}
