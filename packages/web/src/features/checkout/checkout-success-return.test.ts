import { describe, expect, it } from 'vitest';
import {
  providerReturnBody,
  providerReturnForLogin,
  readProviderReturn,
  withoutProviderReturn,
} from './checkout-success-return';

const RETURN = '?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&redirect_status=pending';

describe('provider return', () => {
  it('needs both the intent and the status', () => {
    expect(readProviderReturn(RETURN)).toEqual({ paymentIntentId: 'pi_1', redirectStatus: 'pending' });
    expect(readProviderReturn('?payment_intent=pi_1')).toBeNull();
    expect(readProviderReturn('?redirect_status=failed')).toBeNull();
    expect(readProviderReturn('')).toBeNull();
  });

  it('drops only the provider parameters from the query', () => {
    expect(withoutProviderReturn(RETURN)).toBe('');
    expect(withoutProviderReturn(`${RETURN}&utm_source=mail`)).toBe('?utm_source=mail');
  });

  it('keeps the outcome for the login link, without the client secret', () => {
    expect(providerReturnForLogin(RETURN)).toBe('?payment_intent=pi_1&redirect_status=pending');
    expect(providerReturnForLogin('?x=1')).toBe('');
  });

  it('builds the Result body the server expects', () => {
    expect(providerReturnBody({ paymentIntentId: 'pi_1', redirectStatus: 'failed' })).toEqual({
      checkout_environment: 'Marketplace',
      checkout_event: 'Result',
      payment_info: { credentials: { payment_intent_id: 'pi_1', action_result: 'failed' } },
    });
  });
});
