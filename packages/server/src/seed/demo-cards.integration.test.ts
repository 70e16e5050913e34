// The demo's running Team Plan renews on a stored card (issue 34): after the first seed, the
// server stores a Visa test card at the provider for Acme, and only for Acme.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../test-support/checkout-kit.js';
import { startServerWithSandbox, type ServerWithSandbox } from '../test-support/checkout-server.js';
import { createTestClient } from '../test-support/test-client.js';
import { storeDemoCards } from './demo-cards.js';

let started: ServerWithSandbox;

beforeAll(async () => {
  started = await startServerWithSandbox({ webhookSecret: 'whsec_demo_cards' });
});
afterAll(() => started.close(), 180_000);

const profiles = async () =>
  rowsOf<{ id: number; name: string; payment_method_id: string | null; card_last4: string | null }>(
    await started.server.db.execute(sql`
      select o.id, o.name, p.payment_method_id, p.card_last4
      from subscription_billing_profiles p
      join organizations o on o.id = p.subscriber_id and p.subscriber_type = 'organization'
      order by o.name`),
  );

describe('storeDemoCards', () => {
  it("stores a Visa for Acme's running plan at the provider; the owner sees it; the other plans keep theirs", async () => {
    const { server } = started;
    const before = await profiles();
    expect(before.every((profile) => profile.payment_method_id === null)).toBe(true);

    expect(
      await storeDemoCards({ db: server.db, gateway: server.payments.gateway, log: server.app.log }),
    ).toBe(true);
    const after = await profiles();
    const acme = after.find((profile) => profile.name === 'Acme Learning')!;
    expect(acme).toMatchObject({ card_last4: '4242' });
    expect(acme.payment_method_id).toMatch(/^pm_/);
    expect(after.filter((profile) => profile.payment_method_id !== null)).toHaveLength(1);

    // The provider knows the card: the admin area reads it from there.
    const owner = createTestClient(server.app);
    await owner.login('owner@example.com');
    const card = await owner.get(`/api-2.0/organizations/${acme.id}/active-payment-method/`);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.data.spm_info.data.payment_method_details.card).toMatchObject({ last_4_digit: '4242' });
  });
});
