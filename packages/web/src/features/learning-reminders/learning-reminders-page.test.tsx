import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PERSISTED_OPERATIONS } from '../../platform/graphql/persisted-operations.generated';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { badUserInput, fakeGraphql, FakeGraphqlFailure, graphqlCalls } from '../../test-utils/fake-graphql';
import { authenticatedMe, fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';
import type { LearningReminder } from './learning-reminders-api';

const PATH = '/home/my-courses/reminders/';
const GRAPHQL = 'POST /api/2022-03/graphql/';

function reminder(overrides: Partial<LearningReminder> = {}): LearningReminder {
  return {
    id: '31',
    title: 'TypeScript after work',
    learningProduct: {
      id: '11',
      type: 'COURSE',
      title: 'TypeScript from First Principles',
      url: '/course/typescript-from-first-principles/',
    },
    startDate: '2026-12-01T17:30:00.000Z',
    endDate: null,
    durationInMinutes: 45,
    calendarType: 'GOOGLE',
    recurrencePattern: 'FREQ=WEEKLY',
    reminderMethod: 'EMAIL',
    reminderMinutesBefore: 15,
    ...overrides,
  };
}

/** The page for the signed-in learner, with a GraphQL endpoint answering `resolvers`. */
function open(resolvers: Parameters<typeof fakeGraphql>[0], path = PATH) {
  const server = fakeServer({
    ...fakeCartServer({ userId: 7 }).routes,
    'GET /privacy/user-cookie-preferences/': json({ preferences: null, updated: null }),
    'POST /visits/me/datadog-increment-logs/': () => new Response(null, { status: 204 }),
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe({ country: 'US' }))),
    'GET /api-2.0/users/me/subscribed-courses/': json({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: 11, title: 'TypeScript from First Principles' }],
    }),
    [GRAPHQL]: fakeGraphql(resolvers),
  });
  renderApp({ fetch: server.fetch, path });
  return server;
}

/** A list answer that keeps what the create, update and delete mutations do. */
function listServer(initial: LearningReminder[], pageCount = 1) {
  let items = [...initial];
  return {
    LearningReminders: (variables: Record<string, unknown>) => ({
      learningReminders: { page: variables.page, pageCount, items },
    }),
    LearningReminderCreate: (variables: Record<string, unknown>) => {
      const input = variables.learningReminder as Record<string, unknown>;
      const created = reminder({ ...(input as Partial<LearningReminder>), id: '99', learningProduct: null });
      items = [...items, created];
      return { learningReminderCreate: created };
    },
    LearningReminderUpdate: (variables: Record<string, unknown>) => {
      const input = variables.learningReminder as Partial<LearningReminder>;
      items = items.map((item) =>
        item.id === variables.learningReminderId
          ? { ...item, ...input, learningProduct: item.learningProduct }
          : item,
      );
      return { learningReminderUpdate: items.find((item) => item.id === variables.learningReminderId) };
    },
    LearningReminderDelete: (variables: Record<string, unknown>) => {
      items = items.filter((item) => item.id !== variables.learningReminderId);
      return { learningReminderDelete: true };
    },
  };
}

describe('LearningRemindersPage', () => {
  it('lists the reminders of the page with their schedule, course, notice and .ics link', async () => {
    const server = open(
      listServer(
        [
          reminder(),
          reminder({
            id: '32',
            title: 'Daily SQL',
            recurrencePattern: 'FREQ=DAILY',
            endDate: '2027-01-31T23:59:59.000Z',
            learningProduct: null,
            reminderMethod: 'PUSH',
            reminderMinutesBefore: 0,
            calendarType: 'APPLE',
          }),
        ],
        3,
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Learning reminders' })).toBeTruthy();
    const cards = await screen.findAllByTestId('learning-reminder');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 2, name: 'TypeScript after work' })).toBeTruthy();
    expect(first.getByText(/45 minutes/)).toBeTruthy();
    expect(first.getByText('Every week')).toBeTruthy();
    expect(first.getByRole('link', { name: 'TypeScript from First Principles' }).getAttribute('href')).toBe(
      '/course/typescript-from-first-principles/',
    );
    expect(first.getByText(/E-mail 15 minutes before/)).toBeTruthy();
    const download = first.getByRole('link', {
      name: 'Download TypeScript after work as a calendar file (.ics)',
    });
    expect(download.getAttribute('href')).toBe('/api-2.0/users/me/learning-reminders/31/calendar/');
    expect(download.hasAttribute('download')).toBe(true);
    const second = within(cards[1]!);
    expect(second.getByText(/Every day/).textContent).toMatch(/^Every day until /);
    expect(second.getByText(/Notification when it starts/)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
    // A persisted query of page 0 (the URL's page 1), ten at a time.
    expect(graphqlCalls(server.requests)[0]).toEqual({
      operationName: 'LearningReminders',
      variables: { page: 0, size: 10 },
      sha256Hash: PERSISTED_OPERATIONS.LearningReminders.sha256Hash,
      query: undefined,
    });
  });

  it('asks the server for the page of the URL', async () => {
    const server = open(listServer([reminder()], 3), `${PATH}?p=2`);
    await screen.findAllByTestId('learning-reminder');
    expect(graphqlCalls(server.requests)[0]?.variables).toEqual({ page: 1, size: 10 });
  });

  it('says when there is no reminder yet', async () => {
    open(listServer([]));
    expect((await screen.findByTestId('reminders-empty')).textContent).toContain('no learning reminders yet');
  });

  it('creates a reminder from the form, in the browser’s time zone', async () => {
    const server = open(listServer([]));
    fireEvent.click(await screen.findByRole('button', { name: 'New reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New learning reminder' });
    const form = within(dialog);
    fireEvent.change(form.getByLabelText(/^Title/), { target: { value: '  Evening TypeScript  ' } });
    await waitFor(() =>
      expect(form.getByRole('option', { name: 'TypeScript from First Principles' })).toBeTruthy(),
    );
    fireEvent.change(form.getByLabelText(/^Course/), { target: { value: '11' } });
    fireEvent.change(form.getByLabelText(/^Date/), { target: { value: '2026-12-01' } });
    fireEvent.change(form.getByLabelText(/^Start time/), { target: { value: '18:30' } });
    fireEvent.change(form.getByLabelText(/^Duration/), { target: { value: '40' } });
    fireEvent.change(form.getByLabelText(/^Repeat/), { target: { value: 'WEEKDAYS' } });
    fireEvent.change(await form.findByLabelText(/^Last day/), { target: { value: '2027-01-31' } });
    fireEvent.change(form.getByLabelText(/^Calendar/), { target: { value: 'OUTLOOK' } });
    fireEvent.change(form.getByLabelText(/^Remind me by/), { target: { value: 'PUSH' } });
    fireEvent.change(form.getByLabelText(/^Minutes before/), { target: { value: '10' } });
    fireEvent.click(form.getByRole('button', { name: 'Create reminder' }));

    expect(await screen.findByText('The reminder was created.')).toBeTruthy();
    const create = graphqlCalls(server.requests).find(
      (call) => call.operationName === 'LearningReminderCreate',
    );
    expect(create?.variables).toEqual({
      learningReminder: {
        title: 'Evening TypeScript',
        learningProduct: { id: '11', type: 'COURSE' },
        startDate: new Date('2026-12-01T18:30').toISOString(),
        endDate: new Date('2027-01-31T23:59:59').toISOString(),
        durationInMinutes: 40,
        calendarType: 'OUTLOOK',
        recurrencePattern: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
        reminderMethod: 'PUSH',
        reminderMinutesBefore: 10,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { level: 2, name: 'Evening TypeScript' })).toBeTruthy();
  });

  it('checks the title in the browser before sending anything', async () => {
    const server = open(listServer([]));
    fireEvent.click(await screen.findByRole('button', { name: 'New reminder' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New learning reminder' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create reminder' }));
    expect(await dialog.findByText('Give the reminder a title.')).toBeTruthy();
    expect(dialog.getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true');
    expect(graphqlCalls(server.requests).map((call) => call.operationName)).toEqual(['LearningReminders']);
  });

  it("shows the server's field errors under their fields, and other refusals above the form", async () => {
    open({
      ...listServer([]),
      LearningReminderCreate: () =>
        badUserInput({
          'learningReminder.durationInMinutes': ['durationInMinutes must be between 5 and 1440 minutes.'],
          'learningReminder.recurrencePattern': [
            'A reminder repeats at most daily: FREQ=HOURLY is not allowed.',
          ],
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New reminder' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New learning reminder' }));
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Too short' } });
    fireEvent.change(dialog.getByLabelText(/^Duration/), { target: { value: '1' } });
    fireEvent.change(dialog.getByLabelText(/^Repeat/), { target: { value: 'CUSTOM' } });
    fireEvent.change(await dialog.findByLabelText(/^Recurrence rule/), { target: { value: 'FREQ=HOURLY' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create reminder' }));

    expect(await dialog.findByText('durationInMinutes must be between 5 and 1440 minutes.')).toBeTruthy();
    expect(dialog.getByLabelText(/^Duration/).getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByText('A reminder repeats at most daily: FREQ=HOURLY is not allowed.')).toBeTruthy();
    expect(dialog.getByLabelText(/^Recurrence rule/).getAttribute('aria-invalid')).toBe('true');
    expect(dialog.queryByTestId('form-error')).toBeNull();
  });

  it('edits a reminder: the form starts from it and replaces it', async () => {
    const server = open(listServer([reminder({ recurrencePattern: 'FREQ=MONTHLY;BYMONTHDAY=1' })]));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit TypeScript after work' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit learning reminder' }));
    expect((dialog.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('TypeScript after work');
    expect((dialog.getByLabelText(/^Repeat/) as HTMLSelectElement).value).toBe('CUSTOM');
    expect((dialog.getByLabelText(/^Recurrence rule/) as HTMLInputElement).value).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=1',
    );
    expect((dialog.getByLabelText(/^Duration/) as HTMLInputElement).value).toBe('45');
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'TypeScript before work' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('The reminder was saved.')).toBeTruthy();
    const update = graphqlCalls(server.requests).find(
      (call) => call.operationName === 'LearningReminderUpdate',
    );
    expect(update?.variables).toMatchObject({
      learningReminderId: '31',
      learningReminder: {
        title: 'TypeScript before work',
        learningProduct: { id: '11', type: 'COURSE' },
        startDate: '2026-12-01T17:30:00.000Z',
        recurrencePattern: 'FREQ=MONTHLY;BYMONTHDAY=1',
        durationInMinutes: 45,
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'TypeScript before work' })).toBeTruthy();
  });

  it('deletes a reminder only once confirmed', async () => {
    const server = open(listServer([reminder()]));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete TypeScript after work' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this reminder?' }));
    expect(dialog.getByText(/“TypeScript after work” will no longer remind you/)).toBeTruthy();
    // The dialog's close button is named Cancel too; the one at the bottom is the last.
    fireEvent.click(dialog.getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      graphqlCalls(server.requests).some((call) => call.operationName === 'LearningReminderDelete'),
    ).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete TypeScript after work' }));
    const again = within(await screen.findByRole('dialog', { name: 'Delete this reminder?' }));
    fireEvent.click(again.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The reminder was deleted.')).toBeTruthy();
    expect(await screen.findByTestId('reminders-empty')).toBeTruthy();
    expect(
      graphqlCalls(server.requests).find((call) => call.operationName === 'LearningReminderDelete')
        ?.variables,
    ).toEqual({ learningReminderId: '31' });
  });

  it('says when the reminders could not be loaded, with a way to try again', async () => {
    open({ LearningReminders: () => new FakeGraphqlFailure('Down.') });
    expect(await screen.findByText("We couldn't load your reminders.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
