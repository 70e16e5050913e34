import type { AdminCodeDetail, AdminCourseDetail, AdminCourseRow, StaffPermission } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import {
  authenticatedMe,
  fakeServer,
  json,
  userContext,
  type FakeHandler,
} from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';

// jsdom has no FontFaceSet; Mantine's growing text areas listen to it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

const CATALOG: StaffPermission[] = ['backOffice.read', 'catalog.write', 'prices.write', 'codes.write'];
const READ_ONLY: StaffPermission[] = ['backOffice.read'];

function server(permissions: StaffPermission[], routes: Record<string, FakeHandler | FakeHandler[]>) {
  return fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe())),
    'GET /api-2.0/admin/me/': json({
      user_id: 7,
      email: 'ada@example.com',
      name: 'Ada',
      role: permissions.length > 1 ? 'catalog' : 'read_only',
      permissions,
    }),
    'GET /api-2.0/course-categories/': json({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: 1,
          slug: 'development',
          title: 'Development',
          url: '/courses/development/',
          num_courses: 3,
          subcategories: [{ id: 11, slug: 'web', title: 'Web' }],
        },
      ],
    }),
    'GET /api-2.0/admin/price-tiers/': json({
      results: [{ id: 2, name: 'Tier 1', amounts: { USD: 1999, EUR: 1999, JPY: 3000 }, course_count: 4 }],
      currencies: [],
    }),
    'GET /api-2.0/admin/instructors/': json({
      results: [{ id: 5, display_name: 'Ada Mapmaker', job_title: '' }],
    }),
    'GET /api-2.0/admin/audit-events/': json({ count: 0, page: 1, page_size: 20, results: [] }),
    ...routes,
  });
}

const row: AdminCourseRow = {
  id: 41,
  title: 'Cartography for Staff',
  slug: 'cartography-for-staff',
  status: 'draft',
  is_private: false,
  category: null,
  subcategory: null,
  locale: 'en_US',
  level: 'BEGINNER',
  price_tier: null,
  url: '/course/cartography-for-staff/',
  image_url: '/api-2.0/admin/courses/41/cover/?width=750&v=d1',
  num_subscribers: 0,
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
};

const detail: AdminCourseDetail = {
  ...row,
  subtitle: 'Maps',
  description: '',
  what_you_learn: [],
  requirements: [],
  instructors: [],
  estimated_content_length: 0,
  published_at: null,
  cover: { uploaded: false, version: null, width: null, height: null },
  curriculum: [],
  scheduled_prices: [],
  publishing_problems: {
    category_id: ['Choose a category before publishing the course.'],
    price_tier_id: ['Choose a price tier before publishing the course.'],
  },
};

describe('AdminCoursesPage', () => {
  it('asks for the view in the URL, links each course, and offers a new course to the catalog role', async () => {
    const { fetch, requests } = server(CATALOG, {
      'GET /api-2.0/admin/courses/': json({ count: 1, page: 1, page_size: 25, results: [row] }),
    });
    const { router } = renderApp({ fetch, path: '/admin/courses/?status=draft&sort=title' });
    const link = await screen.findByRole('link', { name: 'Cartography for Staff' });
    expect(link.getAttribute('href')).toBe('/admin/courses/41/');
    expect(requests.find((request) => request.path === '/api-2.0/admin/courses/')?.url).toBe(
      '/api-2.0/admin/courses/?status=draft&sort=title',
    );
    expect(within(screen.getByTestId('admin-courses-table')).getByText('Draft')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New course' }).getAttribute('href')).toBe('/admin/courses/new/');
    const search = screen.getByRole('search', { name: 'Search courses' });
    fireEvent.change(within(search).getByRole('textbox', { name: 'Search' }), { target: { value: 'maps' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft&sort=title&q=maps'));
  });

  it('shows no write control to a read-only member', async () => {
    const { fetch } = server(READ_ONLY, {
      'GET /api-2.0/admin/courses/': json({ count: 0, page: 1, page_size: 25, results: [] }),
    });
    renderApp({ fetch, path: '/admin/courses/' });
    expect(await screen.findByText('No courses match this search and these filters.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New course' })).toBeNull();
  });
});

describe('AdminCoursePage', () => {
  it('lists what publishing still needs and keeps the live statuses off until then', async () => {
    const { fetch } = server(CATALOG, { 'GET /api-2.0/admin/courses/41/': json(detail) });
    renderApp({ fetch, path: '/admin/courses/41/?tab=publishing' });
    const checklist = await screen.findByRole('list', { name: 'Publishing checklist' });
    expect(within(checklist).getByText(/A category \(missing\)/)).toBeTruthy();
    expect(within(checklist).getByText(/A price tier \(missing\)/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Published/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Draft/ }) as HTMLInputElement).disabled).toBe(false);
  });

  it('shows a new course’s field problems under their fields, from the server too', async () => {
    const { fetch, requests } = server(CATALOG, {
      'POST /api-2.0/admin/courses/': json(
        {
          detail: 'There is no instructor 99.',
          code: 'validation_error',
          field_errors: {
            category_id: ['Choose a top-level category; its subcategory goes under Subcategory.'],
          },
        },
        400,
      ),
    });
    renderApp({ fetch, path: '/admin/courses/new/' });
    const form = await screen.findByRole('form', { name: 'New course' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create draft' }));
    expect(await within(form).findByText('Give the course a title.')).toBeTruthy();
    expect(
      requests.some((request) => request.method === 'POST' && request.path === '/api-2.0/admin/courses/'),
    ).toBe(false);
    fireEvent.change(within(form).getByRole('textbox', { name: /Title/ }), { target: { value: 'Maps' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create draft' }));
    expect(
      await within(form).findByText('Choose a top-level category; its subcategory goes under Subcategory.'),
    ).toBeTruthy();
    expect(
      requests.find((request) => request.method === 'POST' && request.path === '/api-2.0/admin/courses/')
        ?.body,
    ).toMatchObject({
      title: 'Maps',
      level: 'ALL_LEVELS',
    });
  });
});

describe('AdminCodePage', () => {
  const code: AdminCodeDetail = {
    id: 9,
    code: 'SPRING-7KQ2',
    description: '',
    is_public: false,
    kind: 'percentage',
    percent: 25,
    amount: null,
    target_price_tier: null,
    scope: 'all',
    category: null,
    course_count: 0,
    campaign: 'Spring',
    starts_at: null,
    ends_at: null,
    usage_limit: 1,
    per_buyer_limit: null,
    uses: 1,
    reserved: 0,
    status: 'used_up',
    deactivated_at: null,
    created_at: '2026-01-02T10:00:00Z',
    courses: [],
    created_by: { id: 7, email: 'ada@example.com' },
    usage: {
      count: 1,
      results: [
        {
          id: 3,
          status: 'consumed',
          buyer: { id: 12, email: 'bo@example.com' },
          created_at: '2026-01-03T10:00:00Z',
          settled_at: '2026-01-03T10:01:00Z',
          order: { id: 1042, total: { amount: 1499, currency: 'USD' }, created_at: '2026-01-03T10:01:00Z' },
        },
      ],
    },
  };

  it('lists the uses with their orders, and deactivates after a confirmation', async () => {
    const { fetch, requests } = server(CATALOG, {
      'GET /api-2.0/admin/codes/9/': [
        json(code),
        json({ ...code, status: 'deactivated', deactivated_at: '2026-01-04T10:00:00Z' }),
      ],
      'POST /api-2.0/admin/codes/9/deactivate/': json({ ...code, status: 'deactivated' }),
    });
    renderApp({ fetch, path: '/admin/codes/9/' });
    const order = await screen.findByRole('link', { name: /#1042/ });
    expect(order.getAttribute('href')).toBe('/admin/orders/1042/');
    expect(screen.getByText('25% off')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api-2.0/admin/codes/9/deactivate/')).toBe(true),
    );
    expect(await screen.findByText('Deactivated', { selector: '.mantine-Badge-label' })).toBeTruthy();
  });

  it('hides deactivation from a read-only member', async () => {
    const { fetch } = server(READ_ONLY, { 'GET /api-2.0/admin/codes/9/': json(code) });
    renderApp({ fetch, path: '/admin/codes/9/' });
    await screen.findByRole('link', { name: /#1042/ });
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });
});
