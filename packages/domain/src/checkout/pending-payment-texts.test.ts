import { describe, expect, it } from 'vitest';
import { pendingPaymentText } from './pending-payment-texts.js';

describe('pendingPaymentText (checkout §9)', () => {
  it('gives each voucher its deadline', () => {
    expect(pendingPaymentText('boleto')).toContain('within 5 days');
    expect(pendingPaymentText('oxxo')).toContain('within 3 days');
    expect(pendingPaymentText('doku_bca_va')).toContain('within 48 hours');
    expect(pendingPaymentText('doku_alfamart')).toContain('up to 30 minutes');
  });

  it('promises access within 24 hours for bank transfers and vouchers', () => {
    expect(pendingPaymentText('boleto')).toContain('up to 24 hours');
    expect(pendingPaymentText('sepadirectdebit')).toContain('up to 24 hours');
  });
});
