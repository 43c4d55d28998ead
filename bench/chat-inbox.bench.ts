// Figure (issue 15, chat inbox): the inbox list p95 ≤ 50 ms and opening a conversation (its last 50
// messages) p95 ≤ 30 ms at 1,000,000 conversations and 50,000,000 messages on PostgreSQL. Rows are
// generated in SQL with generate_series into a throwaway database (dropped at the end unless
// BENCH_KEEP_DB=1; BENCH_DB_NAME measures a kept one again); queries go through the chat module's own
// service (list: conversations + their OAs/assignees/teams; open: the conversation, its page of
// messages and their authors), timed end to end from Node.
//
//   npm run bench -- chat-inbox                                           1,000,000 / 50,000,000
//   BENCH_CONVERSATIONS=1000000 BENCH_MESSAGES=10000000 npm run bench -- chat-inbox   a smaller run
//   node --import tsx bench/chat-inbox.bench.ts 200000 2000000            the same, as arguments
//   node --import tsx bench/chat-inbox.bench.ts --pglite                  PGlite (BENCH_PGLITE_DIR keeps the data)
//
// Shape: tenant 0 is the worst case, half of the conversations over 5 OAs; the other half is spread
// over 9 tenants with 2 OAs each. Messages are spread evenly over conversations (M/N each), the newest
// at the conversation's last activity; their text is 4–8 Vietnamese words of a 40-word vocabulary.
// 10% of conversations are unread, 40% unreplied, 2% spam, 20% closed, 10% assigned.
import type { ZaloClient } from '@zc/zalo/client';
import type { Database } from '../apps/server/src/db/client';
import { pct, pglite, withBenchDatabase } from './bench-db';
import { listConversations, listMessages } from '../apps/server/src/modules/chat/inbox-service';
import { conversationListQuery } from '@zc/shared/api/chat';
import { trustedTenantScope } from '../apps/server/src/platform/tenant-scope';
import type { Actor } from '../apps/server/src/platform/policy';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const N = Number(args[0] ?? process.env.BENCH_CONVERSATIONS ?? 1_000_000);
const M = Number(args[1] ?? process.env.BENCH_MESSAGES ?? 50_000_000);
const CHUNK_C = 250_000;
const CHUNK_M = 2_000_000;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 40);
const LIST_BOUND = 50;
const OPEN_BOUND = 30;

const tenantId = (t: number) => `00000000-0000-4000-8000-${String(t).padStart(12, '0')}`;
const oaId = (t: number, k: number) => `00000000-0000-4000-b000-${String(t * 10 + k).padStart(12, '0')}`;
const convId = (c: number) => `00000000-0000-4000-a000-${String(c).padStart(12, '0')}`;
const userId = (u: number) => `00000000-0000-4000-9000-${String(u).padStart(12, '0')}`;
const T_SQL = (expr: string) => `('00000000-0000-4000-8000-' || lpad((${expr})::text, 12, '0'))::uuid`;
const OA_SQL = (t: string, k: string) => `('00000000-0000-4000-b000-' || lpad(((${t}) * 10 + (${k}))::text, 12, '0'))::uuid`;
const C_SQL = (expr: string) => `('00000000-0000-4000-a000-' || lpad((${expr})::text, 12, '0'))::uuid`;
const OAS: Array<{ t: number; k: number }> = [...[0, 1, 2, 3, 4].map((k) => ({ t: 0, k })), ...Array.from({ length: 9 }, (_, i) => [0, 1].map((k) => ({ t: i + 1, k }))).flat()];
const HALF = Math.floor(N / 2);
// Conversation c: tenant 0 (OA c % 5) below HALF, else tenant 1 + c % 9 (OA (c / 9) % 2).
const TENANT_OF = (c: string) => `case when ${c} < ${HALF} then ${T_SQL('0')} else ${T_SQL(`1 + ${c} % 9`)} end`;
const OA_OF = (c: string) => `case when ${c} < ${HALF} then ${OA_SQL('0', `${c} % 5`)} else ${OA_SQL(`1 + ${c} % 9`, `(${c} / 9) % 2`)} end`;
// Last activity: spread over 90 days before a fixed instant, unique enough to order by.
const EPOCH = `'2026-11-20T00:00:00Z'::timestamptz`;
const LAST_AT = (c: string) => `(${EPOCH} - make_interval(secs => (abs(hashint4(${c})) % 7776000)::double precision))`;
const WORDS = ['chào', 'shop', 'ơi', 'cho', 'em', 'hỏi', 'giá', 'áo', 'khoác', 'mùa', 'đông', 'còn', 'hàng', 'không', 'size', 'màu', 'đen', 'trắng', 'đỏ', 'giao', 'hàng', 'bao', 'lâu', 'phí', 'ship', 'đơn', 'đặt', 'cảm', 'ơn', 'nhé', 'ạ', 'mã', 'giảm', 'quần', 'jean', 'váy', 'giày', 'đổi', 'trả', 'bảo hành'];

async function generate(database: Database): Promise<void> {
  const q = database.raw;
  const started = performance.now();
  const took = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  await q.exec(`insert into merchants (id, name) values ('00000000-0000-4000-8000-0000000000aa', 'Bench org')`);
  await q.exec(`insert into tenants (id, merchant_id, name, zns_service, oa_service) select ${T_SQL('t')}, '00000000-0000-4000-8000-0000000000aa', 'Bench tenant ' || t, true, true from generate_series(0, 9) t`);
  for (const o of OAS) {
    await q.exec(`insert into zalo_oas (id, tenant_id, name, zapp_id, zoa_id, secret_key_enc, webhook_secret_enc, access_token_enc, refresh_token_enc)
      values ('${oaId(o.t, o.k)}', '${tenantId(o.t)}', 'OA ${o.t}-${o.k}', 'app${o.t}${o.k}', 'zoa${o.t}${o.k}', 'x', 'x', 'x', 'x')`);
  }
  // Ten agents (assignees and note authors) of tenant 0.
  await q.exec(`insert into users (id, email, display_name, password_hash) select ('00000000-0000-4000-9000-' || lpad(u::text, 12, '0'))::uuid, 'agent' || u || '@bench.vn', 'Agent ' || u, 'x' from generate_series(0, 9) u`);
  const dropIndexes = async (table: string) => {
    const { rows } = await q.query<{ indexname: string; indexdef: string }>(`select indexname, indexdef from pg_indexes where tablename = '${table}' and indexname not in (select conname from pg_constraint)`);
    for (const i of rows) await q.exec(`drop index if exists "${i.indexname}"`);
    return rows;
  };
  const convIdx = await dropIndexes('chat_conversations');
  const msgIdx = await dropIndexes('chat_messages');
  // Foreign keys are checked per row; the generator's ids are consistent by construction.
  await q.exec(`alter table chat_messages drop constraint if exists chat_messages_conversation_id_chat_conversations_id_fk`);
  for (let from = 0; from < N; from += CHUNK_C) {
    const to = Math.min(N, from + CHUNK_C) - 1;
    await q.exec(`
      insert into chat_conversations (id, tenant_id, zalo_oa_id, user_id, display_name, phone, is_group, status, spam, assignee_user_id,
        unread_count, last_message_at, last_message_kind, last_message_direction, last_message_preview, last_user_message_at, last_oa_message_at, history_imported_at, created_at, updated_at)
      select ${C_SQL('c')}, ${TENANT_OF('c')}, ${OA_OF('c')}, (8000000000000000000 + c)::text,
        (array['Nguyễn','Trần','Lê','Phạm','Hoàng','Huỳnh','Phan','Vũ','Võ','Đặng','Bùi','Đỗ','Hồ','Ngô','Dương','Lý'])[1 + abs(hashint4(c + 7) % 16)] || ' ' ||
        (array['Văn','Thị','Hữu','Minh','Ngọc','Thanh','Quốc','Đức'])[1 + abs(hashint4(c + 8) % 8)] || ' ' ||
        (array['An','Bình','Chi','Dũng','Giang','Hà','Hùng','Khánh','Lan','Long','Mai','Nam','Phương','Quân','Sơn','Trang','Tuấn','Vy'])[1 + abs(hashint4(c + 9) % 18)],
        case when c % 2 = 0 then '849' || lpad((abs(hashint4(c + 3)) % 100000000)::text, 8, '0') end,
        c % 97 = 0,
        case when c % 5 = 0 then 'CLOSED' else 'OPEN' end,
        c % 50 = 7,
        case when c % 10 = 3 then ('00000000-0000-4000-9000-' || lpad((c % 10)::text, 12, '0'))::uuid end,
        case when c % 10 = 1 then 1 + c % 4 else 0 end,
        ${LAST_AT('c')}, 'text', case when c % 5 in (1, 2) then 'IN' else 'OUT' end, 'Cho em hỏi giá',
        ${LAST_AT('c')} - interval '1 minute', ${LAST_AT('c')}, now(), ${LAST_AT('c')} - interval '30 days', now()
      from generate_series(${from}, ${to}) c`);
    console.log(`  ${(to + 1).toLocaleString('en')} conversations (${took()})`);
  }
  const per = Math.max(1, Math.floor(M / N));
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  for (let from = 0; from < M; from += CHUNK_M) {
    const to = Math.min(M, from + CHUNK_M) - 1;
    // Message g belongs to conversation g % N, the (g / N)-th newest of it, one minute apart.
    await q.exec(`
      insert into chat_messages (tenant_id, conversation_id, zalo_oa_id, zalo_msg_id, direction, kind, text, status, author_user_id, sent_at, created_at)
      select ${TENANT_OF('c')}, ${C_SQL('c')}, ${OA_OF('c')}, g::text,
        case when g % 3 = 0 then 'OUT' else 'IN' end, 'text',
        array_to_string(array(select (${words})[1 + abs(hashint4(g * 8 + i)) % ${WORDS.length}] from generate_series(1, 4 + g % 5) i), ' '),
        case when g % 3 = 0 then 'SEEN' end,
        case when g % 3 = 0 then ('00000000-0000-4000-9000-' || lpad((g % 10)::text, 12, '0'))::uuid end,
        ${LAST_AT('c')} - make_interval(mins => (g / ${N})::int), now()
      from (select g, g % ${N} as c from generate_series(${from}, ${to}) g) s`);
    console.log(`  ${(to + 1).toLocaleString('en')} messages (${took()})`);
  }
  if (!pglite) await q.exec(`set maintenance_work_mem = '1GB'`);
  for (const i of [...convIdx, ...msgIdx]) {
    const t0 = performance.now();
    await q.exec(i.indexdef);
    console.log(`  index ${i.indexname} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await q.exec(`alter table chat_messages add constraint chat_messages_conversation_id_chat_conversations_id_fk foreign key (conversation_id) references chat_conversations(id) on delete cascade not valid`);
  await q.exec('vacuum analyze chat_conversations');
  await q.exec('vacuum analyze chat_messages');
  console.log(`generated ${N.toLocaleString('en')} conversations (${per} messages each) and ${M.toLocaleString('en')} messages in ${took()}`);
}

const actor: Actor = { userId: userId(3), merchantRole: 'OWNER', permissions: new Set(['VIEW_ZALO_OA_CHAT', 'ACTION_ZALO_OA_CHAT']) };
const noZalo = {} as ZaloClient;

type ListCase = { name: string; q: Record<string, string>; pages?: number };
const LIST: ListCase[] = [
  { name: 'main, all OAs, page 1', q: {} },
  { name: 'main, all OAs, pages 2–10 (cursor)', q: {}, pages: 10 },
  { name: 'main, one OA', q: { zaloOAId: oaId(0, 2) } },
  { name: 'unread, all OAs', q: { filter: 'unread' } },
  { name: 'unreplied, all OAs', q: { filter: 'unreplied' } },
  { name: 'spam', q: { filter: 'spam' } },
  { name: 'assigned to me', q: { assignment: 'mine' } },
  { name: 'unassigned, one OA', q: { assignment: 'unassigned', zaloOAId: oaId(0, 1) } },
  { name: 'search name "Nguyễn"', q: { q: 'Nguyễn' } },
  { name: 'search name "trần thị lan"', q: { q: 'trần thị lan' } },
  { name: 'search phone "0912"', q: { q: '0912' } },
  { name: 'search text "bảo hành"', q: { q: 'bảo hành' } },
];

async function measure(database: Database, label: string): Promise<void> {
  const scope = trustedTenantScope(tenantId(0));
  const { rows } = await database.raw.query<{ n: string; m: string }>(`select (select count(*) from chat_conversations)::text as n, (select reltuples::bigint from pg_class where relname = 'chat_messages')::text as m`);
  console.log(`\n${label}: ${Number(rows[0]?.n).toLocaleString('en')} conversations, ~${Number(rows[0]?.m).toLocaleString('en')} messages; tenant 0 holds half over 5 OAs; ${REPEAT} runs per case\n`);
  const line = (name: string, t: number[], bound: number) => {
    const p95 = pct(t, 95);
    console.log(`${name.padEnd(40)} p50 ${pct(t, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   max ${Math.max(...t).toFixed(1).padStart(6)} ms   ${p95 <= bound ? 'ok' : `over ${bound} ms`}`);
  };
  // Warm the caches once.
  await listConversations(database.db, actor, scope, conversationListQuery.parse({}));
  for (const c of LIST) {
    const times: number[] = [];
    let count = 0;
    for (let r = 0; r < REPEAT; r += 1) {
      let cursor: string | undefined;
      for (let p = 0; p < (c.pages ?? 1); p += 1) {
        const q = conversationListQuery.parse({ ...c.q, ...(cursor ? { cursor } : {}) });
        const t0 = performance.now();
        const res = await listConversations(database.db, actor, scope, q);
        if (p > 0 || !c.pages) times.push(performance.now() - t0);
        count = res.data.length;
        cursor = res.nextCursor ?? undefined;
        if (!cursor) break;
      }
    }
    line(`list: ${c.name} (${count})`, times, LIST_BOUND);
  }
  // Open: random conversations of tenant 0, the last 50 messages.
  const open: number[] = [];
  const older: number[] = [];
  for (let r = 0; r < REPEAT * 5; r += 1) {
    const c = Math.floor(Math.random() * HALF);
    const t0 = performance.now();
    const res = await listMessages({ db: database.db, zalo: noZalo }, scope, convId(c), { size: 50 });
    open.push(performance.now() - t0);
    if (res.nextCursor) {
      const t1 = performance.now();
      await listMessages({ db: database.db, zalo: noZalo }, scope, convId(c), { size: 50, before: res.nextCursor });
      older.push(performance.now() - t1);
    }
  }
  line(`open: last 50 messages`, open, OPEN_BOUND);
  if (older.length) line(`open: the 50 before (scroll up)`, older, OPEN_BOUND);
}

await withBenchDatabase({ prefix: 'bench_chat_inbox', filledTable: 'chat_conversations', generate }, measure);
