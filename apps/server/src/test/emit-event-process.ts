/**
 * Test-only: a separate process (standing in for a --role=worker process) that opens the database
 * named by argv[2] and raises one `message.status_changed` for tenant argv[3], message argv[4];
 * prints the event id. Used by platform/realtime.test.ts on PostgreSQL.
 */
import { openDatabase } from '../db/client';
import { emitEvent } from '../platform/events';

const [url, tenantId, messageId] = process.argv.slice(2);
if (!url || !tenantId || !messageId) throw new Error('usage: emit-event-process.ts <database url> <tenant id> <message id>');
const database = await openDatabase({ url, poolSize: 1 });
try {
  const id = await database.db.transaction((tx) => emitEvent(tx, { type: 'message.status_changed', tenantId, data: { messageId, module: 'ZNS', status: 'RECEIVED' } }));
  console.log(id);
} finally {
  await database.close();
}
