import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE rule 8, ADR 0009: modules/messaging/outbox.ts is the only server code that inserts into
// message_history. This scan (drizzle `.insert(messageHistory…` under any alias of the imported table and
// raw SQL `insert into "message_history"`) fails naming the file that does; scripts/check-writers.mjs is
// the same rule in CI with more forms.
const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(here, '../..');
const OUTBOX = 'modules/messaging/outbox.ts';

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'migrations' || entry.name === 'node_modules') continue;
      yield* sources(full);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !/fixtures?\.ts$/.test(entry.name) && !full.includes(`${path.sep}test${path.sep}`)) {
      yield full;
    }
  }
}

/** Lines of `src` that insert into message_history: drizzle under any local name of the table, or SQL text. */
export function historyInserts(src: string): number[] {
  const code = src.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const aliases = new Set<string>();
  for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"][^'"]*db\/schema[^'"]*['"]/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const [name, alias] = part.replace(/\btype\b/, '').trim().split(/\s+as\s+/);
      if (name === 'messageHistory') aliases.add((alias ?? name).trim());
    }
  }
  const patterns = [/insert\s+into\s+(?:public\.)?"?message_history"?(?![a-z_])/i, /insert\s+into\s+\$\{[^}]*messageHistory[^}]*\}/i];
  for (const a of aliases) patterns.push(new RegExp(`\\.insert\\(\\s*${a.replace(/[$]/g, '\\$')}\\b`));
  const lines: number[] = [];
  code.split('\n').forEach((line, i) => {
    if (patterns.some((p) => p.test(line))) lines.push(i + 1);
  });
  return lines;
}

describe('the outbox is the only writer of message_history', () => {
  it('finds no insert into message_history outside modules/messaging/outbox.ts', () => {
    const offenders: string[] = [];
    let outboxInserts = 0;
    for (const file of sources(serverSrc)) {
      const rel = path.relative(serverSrc, file).split(path.sep).join('/');
      const lines = historyInserts(readFileSync(file, 'utf8'));
      if (rel === OUTBOX) outboxInserts = lines.length;
      else offenders.push(...lines.map((l) => `${rel}:${l}`));
    }
    expect(offenders).toEqual([]);
    // The scan sees the outbox's own inserts (drizzle and SQL): it can find what it looks for.
    expect(outboxInserts).toBeGreaterThanOrEqual(2);
  });

  it('catches drizzle inserts under an alias and raw SQL inserts', () => {
    expect(historyInserts("import { messageHistory as mh } from '../../db/schema/messaging';\nawait tx.insert(mh).values(v);")).toEqual([2]);
    expect(historyInserts("import { messageHistory } from '../../db/schema/messaging';\nawait db.insert(messageHistory).values(v);")).toEqual([2]);
    expect(historyInserts('await raw.query(`insert into "message_history" (id) values ($1)`);')).toEqual([1]);
    expect(historyInserts('await tx.execute(sql`INSERT INTO ${messageHistory} (id) values (1)`);')).toEqual([1]);
    expect(historyInserts("// insert into message_history is the outbox's job\nconst x = 1;")).toEqual([]);
    expect(historyInserts("import { messageHistory } from '../../db/schema/messaging';\nawait db.update(messageHistory).set(v);")).toEqual([]);
  });
});
