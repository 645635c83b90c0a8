import type { EntityManager } from 'typeorm';

export interface WebhookAction {
  outcome: string;
  publish?: () => void;
}

/**
 * A provider's webhook event recorded by its id and acted on in the same transaction `m`: a replay (the same provider
 * and event id) is `duplicate` and acts on nothing; what the action did is stored beside the event (`outcome`).
 */
export async function actOnceOnWebhook(
  m: EntityManager,
  provider: 'razorpay' | 'razorpayx',
  event: { eventId: string; type: string; body: string; receivedAt: Date },
  act: () => Promise<WebhookAction>,
): Promise<WebhookAction> {
  const recorded = (await m.query(
    `INSERT INTO webhook_events (provider, event_id, event_type, payload, received_at) VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [provider, event.eventId, event.type, event.body, event.receivedAt],
  )) as unknown[];
  if (!recorded.length) return { outcome: 'duplicate' };
  const acted = await act();
  await m.query(`UPDATE webhook_events SET outcome = $1 WHERE provider = $2 AND event_id = $3`, [acted.outcome.slice(0, 64), provider, event.eventId]);
  return acted;
}
