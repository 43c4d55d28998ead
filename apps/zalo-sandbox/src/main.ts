// `npm run sandbox`: a standalone local Zalo on 127.0.0.1:$SANDBOX_PORT (default 3900).
import { SANDBOX_APP_ID, SANDBOX_APP_SECRET_KEY, SANDBOX_INITIAL_TOKENS, SANDBOX_OA_IDS, SANDBOX_WEBHOOK_SECRET } from './seed';
import { startSandboxServer } from './server';

const port = Number(process.env.SANDBOX_PORT ?? 3900);
const host = process.env.SANDBOX_HOST ?? '127.0.0.1';
// Followers' media (chat-sim.ts) are served at <this address>/media: SANDBOX_PUBLIC_URL when browsers reach the sandbox elsewhere.
const mediaBaseUrl = process.env.SANDBOX_PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
const running = await startSandboxServer({ port, host, webhookUrl: process.env.SANDBOX_WEBHOOK_URL, logger: process.env.SANDBOX_LOG === 'true', mediaBaseUrl });
console.log(`Zalo sandbox listening on ${running.url}`);
console.log(JSON.stringify({ hosts: running.hosts, appId: SANDBOX_APP_ID, appSecretKey: SANDBOX_APP_SECRET_KEY, webhookSecret: SANDBOX_WEBHOOK_SECRET, oaIds: SANDBOX_OA_IDS, tokens: SANDBOX_INITIAL_TOKENS }, null, 2));
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    void running.close().then(() => process.exit(0));
  });
}
