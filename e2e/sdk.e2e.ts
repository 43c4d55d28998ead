// SDK journey (issue 17 #2), through the published-ready SDK against the real product (`npm start`):
// an API key for the demo tenant, a tenant webhook pointing at a receiver started here, a ZNS send,
// its idempotent replay (same key → same id, replayed), an idempotency mismatch and a bad key as typed
// errors, then the delivered `message.status` webhook verified with verifyWebhook — and refused once altered.
// No browser. e2e/run.mjs lets webhook targets be private (WEBHOOK_ALLOW_PRIVATE_TARGETS) for the receiver.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_TEMPLATE_IDS } from '@zc/zalo-sandbox/seed';
import { AuthenticationError, IdempotencyMismatchError, WebhookSignatureError, ZaloConsole, verifyWebhook, type MessageStatusEvent, type WebhookEvent } from '@zc/sdk';
import { BASE_URL, znsSendSetup } from './support/harness';

interface Delivery {
  body: string;
  headers: IncomingHttpHeaders;
}

let receiver: Server;
let receiverUrl: string;
const deliveries: Delivery[] = [];

before(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/zc-webhooks`;
});
after(async () => {
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});

async function rejection<T extends Error>(p: Promise<unknown>, Cls: new (...args: never[]) => T): Promise<T> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof Cls, `expected ${Cls.name}, got ${String(e)}`);
    return e;
  }
  assert.fail(`expected ${Cls.name}`);
}

describe('SDK against the product', () => {
  it('sends a ZNS message, replays it idempotently and verifies the delivered webhook', { timeout: 180_000 }, async () => {
    const { api, key } = await znsSendSetup('owner@demo.vn', 'E2E SDK key');
    const hook = await api<{ id: string; secret: string }>('POST', 'merchant/webhook', { url: receiverUrl, events: ['message.status'] });
    assert.ok(hook.secret, 'the webhook secret is answered once');
    try {

      const zc = new ZaloConsole({ apiKey: key.secret, baseUrl: BASE_URL });
      const trackingId = `sdk-e2e-${Date.now()}`;
      const body = { phone: '0987654321', templateId: SANDBOX_TEMPLATE_IDS.otp, templateData: { otp: '135790' }, trackingId };
      const idempotencyKey = `sdk-e2e-key-${Date.now()}`;

      const first = await zc.zns.send(body, { idempotencyKey });
      assert.equal(first.trackingId, trackingId);
      assert.equal(first.replayed, false);
      assert.match(first.id, /^[0-9a-f-]{36}$/);

      // The same call again (what a retry after a lost answer does): same message, flagged as replayed.
      const replay = await zc.zns.send(body, { idempotencyKey });
      assert.equal(replay.id, first.id);
      assert.equal(replay.replayed, true);

      // The same key with another body is refused, typed.
      const mismatch = await rejection(zc.zns.send({ ...body, templateData: { otp: '000000' } }, { idempotencyKey }), IdempotencyMismatchError);
      assert.equal(mismatch.status, 422);
      assert.equal(mismatch.code, 'IDEMPOTENCY_MISMATCH');
      assert.ok(mismatch.requestId, 'the error carries the request id');

      // An unknown key: 401, typed, not retried.
      const bad = new ZaloConsole({ apiKey: 'zc_not_a_real_key', baseUrl: BASE_URL });
      const auth = await rejection(bad.zns.send(body), AuthenticationError);
      assert.equal(auth.code, 'API_KEY_INVALID');

      // The delivered webhook for this message (the sandbox reports the ZNS message received).
      let received: { delivery: Delivery; event: MessageStatusEvent } | undefined;
      const seenStatuses: string[] = [];
      const deadline = Date.now() + 150_000;
      while (!received && Date.now() < deadline) {
        for (const d of deliveries.splice(0)) {
          const event: WebhookEvent = verifyWebhook({ payload: d.body, header: d.headers['x-zc-signature'], secret: hook.secret });
          assert.equal(d.headers['x-zc-event'], event.event);
          assert.equal(d.headers['x-zc-delivery-id'], event.id);
          if (event.event !== 'message.status' || event.data.id !== first.id) continue;
          seenStatuses.push(event.data.status);
          if (event.data.status === 'RECEIVED') received = { delivery: d, event };
        }
        if (!received) await new Promise((r) => setTimeout(r, 500));
      }
      assert.ok(received, `no RECEIVED webhook for ${first.id} (statuses seen: ${seenStatuses.join(', ') || 'none'})`);
      console.log(`webhook statuses for ${first.id} in arrival order: ${seenStatuses.join(', ')}`);
      assert.equal(received.event.data.trackingId, trackingId);
      assert.equal(received.event.data.module, 'ZNS');

      // Altered payload, altered signature, stale timestamp: typed errors, never a boolean.
      const altered = received.delivery.body.replace('"RECEIVED"', '"ERROR"');
      assert.notEqual(altered, received.delivery.body);
      const header = received.delivery.headers['x-zc-signature'];
      assert.throws(() => verifyWebhook({ payload: altered, header, secret: hook.secret }), (e: unknown) => e instanceof WebhookSignatureError && e.reason === 'signature_mismatch');
      assert.throws(() => verifyWebhook({ payload: received.delivery.body, header, secret: 'whsec_wrong' }), (e: unknown) => e instanceof WebhookSignatureError && e.reason === 'signature_mismatch');
      assert.throws(
        () => verifyWebhook({ payload: received.delivery.body, header, secret: hook.secret, now: Date.now() + 3_600_000 }),
        (e: unknown) => e instanceof WebhookSignatureError && e.reason === 'stale_timestamp',
      );
    } finally {
      // The receiver closes with this file: later journeys' sends must not queue deliveries to it.
      await api('DELETE', `merchant/webhook/${hook.id}`);
    }
  });
});
