import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// ARCHITECTURE rule 8 / ADR 0010: scripts/check-writers.mjs (run by `npm run lint`) must pass on the tree
// and must fail on code that writes a wallet or ledger table outside the wallets module, or inserts into
// message_history outside the outbox.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const script = path.join(repo, 'scripts/check-writers.mjs');

function run(root?: string) {
  const r = spawnSync(process.execPath, [script, ...(root ? ['--root', root] : [])], { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A synthetic repository with the given files under apps/server/src. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'zc-writers-'));
  roots.push(root);
  for (const [rel, text] of Object.entries(files)) {
    const full = path.join(root, 'apps/server/src', rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return root;
}

const walletImport = "import { walletEntries, walletHolds, wallets } from '../../db/schema/wallets';\n";
const historyImport = "import { messageHistory } from '../../db/schema/messaging';\n";

describe('check-writers', () => {
  it('passes on the repository', () => {
    const r = run();
    expect(r.out).toContain('check-writers:');
    expect(r.status, r.out).toBe(0);
  });

  it.each([
    ['drizzle insert', `${walletImport}export const f = (tx) => tx.insert(walletEntries).values({});`],
    ['drizzle update across lines', `${walletImport}export const f = (tx) => tx\n  .update(wallets)\n  .set({ balance: 0 });`],
    ['drizzle delete', `${walletImport}export const f = (tx) => tx.delete(walletHolds);`],
    ['an aliased import', "import { wallets as w } from '../../db/schema/wallets';\nexport const f = (tx) => tx.update(w).set({});"],
    ['raw SQL, unquoted', "export const q = 'update wallets set balance = 0';"],
    ['raw SQL, quoted and schema-qualified', 'export const q = `INSERT INTO "public"."wallet_entries" (id) values ($1)`;'],
    ['raw SQL, delete', "export const q = 'delete from wallet_holds where id = $1';"],
    ['a drizzle table in a sql template', `${walletImport}export const q = (sql) => sql\`update \${wallets} set balance = 0\`;`],
    ['getTableName inline', `${walletImport}export const q = \`insert into \${quote(getTableName(walletEntries))} (id) values (1)\`;`],
    ['getTableName through a constant', `${walletImport}const T = quote(getTableName(wallets));\nexport const q = \`update \${T} w set balance = 0\`;`],
    ['a message_history insert', `${historyImport}export const f = (tx) => tx.insert(messageHistory).values({});`],
    ['a raw message_history insert', 'export const q = "insert into message_history (id) values ($1)";'],
  ])('fails on %s outside the owner, naming file and line', (_name, text) => {
    const r = run(tree({ 'modules/elsewhere/service.ts': `// a comment line\n${text}\n` }));
    expect(r.status, r.out).toBe(1);
    expect(r.out).toMatch(/apps\/server\/src\/modules\/elsewhere\/service\.ts:\d+: (insert|update|delete) on (wallets|wallet_entries|wallet_holds|message_history)/);
  });

  it('allows the owners, reads, message_history updates, comments, tests and migrations', () => {
    const r = run(
      tree({
        'modules/wallets/ledger.ts': `${walletImport}export const f = (tx) => tx.update(wallets).set({}); export const g = (tx) => tx.insert(walletEntries).values({});`,
        'modules/messaging/outbox.ts': `${historyImport}export const f = (tx) => tx.insert(messageHistory).values({});`,
        'modules/messaging/delivery.ts': `${historyImport}${walletImport}export const f = (tx) => tx.update(messageHistory).set({}); export const r = (tx) => tx.select().from(wallets);\nexport const q = 'select balance from wallets join wallet_entries on true';`,
        'modules/elsewhere/notes.ts': '// update wallets set balance = 0 — only a comment\n/* insert into wallet_entries */\nexport const x = 1;',
        'modules/elsewhere/x.test.ts': `${walletImport}export const f = (tx) => tx.update(wallets).set({});`,
        'modules/elsewhere/test-fixtures.ts': `${walletImport}export const f = (tx) => tx.update(wallets).set({});`,
        'db/seed/demo.ts': "export const q = 'insert into wallet_entries (id) values (1)';",
        'db/migrations/0001.ts': "export const q = 'update wallets set balance = 0';",
        'test/helpers.ts': "export const q = 'insert into message_history (id) values (1)';",
      }),
    );
    expect(r.status, r.out).toBe(0);
  });

  it('reports every offending line', () => {
    const root = tree({
      'modules/a/repo.ts': `${walletImport}\nexport const f = (tx) => tx.update(wallets).set({});\nexport const g = (tx) => tx.insert(walletHolds).values({});\n`,
    });
    let out = '';
    try {
      execFileSync(process.execPath, [script, '--root', root], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      out = String((e as { stderr?: string }).stderr);
    }
    expect(out).toContain('apps/server/src/modules/a/repo.ts:3: update on wallets (drizzle)');
    expect(out).toContain('apps/server/src/modules/a/repo.ts:4: insert on wallet_holds (drizzle)');
  });
});
