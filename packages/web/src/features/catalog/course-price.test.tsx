import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, userContext, type FakeHandler } from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import { CoursePrice } from './course-price';

const course = { id: 9, price_text: 'US$24.99' };

function renderPrice(pricing: FakeHandler, size?: 'xl') {
  const server = fakeServer({ 'GET /api-2.0/pricing/': pricing });
  renderWithProviders(<CoursePrice course={course} size={size} />, {
    fetch: server.fetch,
    context: userContext(),
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CoursePrice', () => {
  it('shows a placeholder while the price loads', () => {
    renderPrice(() => new Promise<Response>(() => {}));
    expect(screen.getByRole('status', { name: 'Loading price' })).toBeTruthy();
    expect(screen.queryByTestId('course-price')).toBeNull();
  });

  it('shows the discounted price and the struck list price, each named for screen readers', async () => {
    renderPrice(
      json({
        courses: {
          '9': {
            price: { amount: 2499, currency: 'USD', price_string: '$24.99' },
            discount_price: { amount: 1299, currency: 'USD', price_string: '$12.99' },
            list_price: { amount: 2499, currency: 'USD', price_string: '$24.99' },
          },
        },
      }),
      'xl',
    );
    const price = await screen.findByTestId('course-price');
    expect([...price.children].map((line) => line.textContent)).toEqual([
      'Current price:$12.99',
      'Original price:$24.99',
    ]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the price alone when there is no discount', async () => {
    renderPrice(
      json({
        courses: {
          '9': { price: { amount: 2499, currency: 'USD', price_string: '$24.99' }, discount_price: null },
        },
      }),
    );
    expect((await screen.findByTestId('course-price')).textContent).toBe('$24.99');
  });

  it("shows the listing's price when the pricing request failed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPrice(json({ detail: 'Boom', code: 'internal_error' }, 500));
    expect((await screen.findByTestId('course-price')).textContent).toBe('US$24.99');
  });
});
