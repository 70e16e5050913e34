import { USER_SETTING_MESSAGES } from '@lectern/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { userCourseSettings, userSettings } from './settings.tables.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const SETTINGS = '/api-2.0/users/me/settings/';
const courseSettings = (courseId: number | string) => `/api-2.0/users/me/course/${courseId}/settings/`;
const ME = '/api-2.0/contexts/me/?me=True';

async function signup(n: number) {
  const client = createTestClient(server.app, { ip: `10.7.0.${n}` });
  const response = await client.post('/api-2.0/auth/signup/', {
    name: `Settings User${n}`,
    email: `settings-${n}@example.com`,
    password: 'settings-user-password',
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  return { client, userId: response.data.me.id as number };
}

/** The rows as stored, to check the stored-value mapping of platform §3. */
async function storedOf(userId: number): Promise<Record<string, string>> {
  const rows = await server.db
    .select({ setting: userSettings.setting, value: userSettings.value })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return Object.fromEntries(rows.map((row) => [row.setting, row.value]));
}

describe('POST /api-2.0/users/me/settings/', () => {
  it('reads the defaults of platform §3 before anything is set', async () => {
    const { client } = await signup(1);
    const { data } = await client.get(ME);
    expect(data.me.settings).toEqual({
      'caption-editor-pause-when-typing': true,
      direct_messaging_enabled: true,
      dismissOccupationCollectionBanner: false,
      interstitialAutoNext: true,
      'instructor-courses-ordering': '-created',
      'mfa-enabled': true,
      'review-prompt-disabled': false,
      seenOnboardingFlow: false,
      seenOrgOrPPGoalHeader: false,
      'skipped-occupation-flow': false,
    });
  });

  it('stores each value in its mapped form and reads it back through the user context', async () => {
    const { client, userId } = await signup(2);
    const calls: [string, unknown, unknown][] = [
      // [setting, value sent, value read back]
      ['interstitialAutoNext', false, false],
      ['mfa-enabled', 'off', false],
      ['review-prompt-disabled', 'on', true],
      ['seenOnboardingFlow', true, true],
      ['dismissOccupationCollectionBanner', '1', true],
      ['skipped-occupation-flow', 'false', false],
      ['instructor-courses-ordering', 'title', 'title'],
    ];
    for (const [setting, value, read] of calls) {
      const response = await client.post(SETTINGS, { setting, value });
      expect(response.statusCode).toBe(200);
      expect(response.data).toEqual({ setting, value: read });
    }
    // Toggled preferences are stored 'on'/'off', one-way flags '1'/'', the ordering as itself.
    expect(await storedOf(userId)).toEqual({
      interstitialAutoNext: 'off',
      'mfa-enabled': 'off',
      'review-prompt-disabled': 'on',
      seenOnboardingFlow: '1',
      dismissOccupationCollectionBanner: '1',
      'skipped-occupation-flow': '',
      'instructor-courses-ordering': 'title',
    });
    const { data } = await client.get(ME);
    expect(data.me.settings).toMatchObject({
      interstitialAutoNext: false,
      'mfa-enabled': false,
      'review-prompt-disabled': true,
      seenOnboardingFlow: true,
      dismissOccupationCollectionBanner: true,
      'skipped-occupation-flow': false,
      'instructor-courses-ordering': 'title',
      // Untouched ones keep their default.
      direct_messaging_enabled: true,
    });

    // Setting it again replaces the stored value.
    await client.post(SETTINGS, { setting: 'interstitialAutoNext', value: true });
    expect((await storedOf(userId)).interstitialAutoNext).toBe('on');
    expect((await client.get(ME)).data.me.settings.interstitialAutoNext).toBe(true);
  });

  it('refuses an unknown setting or an unreadable value with field errors and stores nothing', async () => {
    const { client, userId } = await signup(3);
    const unknown = await client.post(SETTINGS, { setting: 'darkMode', value: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.data).toEqual({
      code: 'validation_error',
      detail: USER_SETTING_MESSAGES.unknownSetting,
      field_errors: { setting: [USER_SETTING_MESSAGES.unknownSetting] },
    });

    const badValue = await client.post(SETTINGS, { setting: 'mfa-enabled', value: 'maybe' });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.data.field_errors).toEqual({ value: [USER_SETTING_MESSAGES.invalidBoolean] });

    const badOrdering = await client.post(SETTINGS, { setting: 'instructor-courses-ordering', value: 'x' });
    expect(badOrdering.data.field_errors).toEqual({ value: [USER_SETTING_MESSAGES.invalidOrdering] });

    const noSetting = await client.post(SETTINGS, { value: true });
    expect(noSetting.data.field_errors).toEqual({ setting: [USER_SETTING_MESSAGES.settingRequired] });

    expect(await storedOf(userId)).toEqual({});
  });

  it('needs a signed-in user', async () => {
    const response = await createTestClient(server.app).post(SETTINGS, {
      setting: 'mfa-enabled',
      value: false,
    });
    expect(response.statusCode).toBe(401);
    expect(response.data.code).toBe('not_authenticated');
  });
});

describe('course settings', () => {
  it('sets a setting for one course, over the user’s own value, and reads it back', async () => {
    const { client, userId } = await signup(4);
    await client.post(SETTINGS, { setting: 'interstitialAutoNext', value: false });

    const set = await client.post(courseSettings(3), { setting: 'review-prompt-disabled', value: true });
    expect(set.statusCode).toBe(200);
    expect(set.data).toEqual({ setting: 'review-prompt-disabled', value: true });
    await client.post(courseSettings(3), { setting: 'interstitialAutoNext', value: 'on' });

    const course3 = await client.get(courseSettings(3));
    expect(course3.statusCode).toBe(200);
    expect(course3.headers['cache-control']).toBe('private, no-store');
    expect(course3.data).toEqual({
      course_id: 3,
      settings: {
        'caption-editor-pause-when-typing': true,
        interstitialAutoNext: true,
        'review-prompt-disabled': true,
      },
    });
    // Another course falls back to the user's own settings, then the defaults.
    expect((await client.get(courseSettings(4))).data.settings).toEqual({
      'caption-editor-pause-when-typing': true,
      interstitialAutoNext: false,
      'review-prompt-disabled': false,
    });
    // The user-level setting itself is unchanged.
    expect((await client.get(ME)).data.me.settings['review-prompt-disabled']).toBe(false);

    const rows = await server.db
      .select({ setting: userCourseSettings.setting, value: userCourseSettings.value })
      .from(userCourseSettings)
      .where(and(eq(userCourseSettings.userId, userId), eq(userCourseSettings.courseId, 3)));
    expect(Object.fromEntries(rows.map((row) => [row.setting, row.value]))).toEqual({
      'review-prompt-disabled': 'on',
      interstitialAutoNext: 'on',
    });
  });

  it('refuses settings that are not per course, unknown courses and visitors', async () => {
    const { client, userId } = await signup(5);
    const notCourse = await client.post(courseSettings(3), { setting: 'mfa-enabled', value: false });
    expect(notCourse.statusCode).toBe(400);
    expect(notCourse.data.field_errors).toEqual({ setting: [USER_SETTING_MESSAGES.notCourseSetting] });

    const unknownCourse = await client.post(courseSettings(999_999), {
      setting: 'interstitialAutoNext',
      value: false,
    });
    expect(unknownCourse.statusCode).toBe(404);
    expect((await client.get(courseSettings(999_999))).statusCode).toBe(404);

    const badId = await client.post(courseSettings('abc'), { setting: 'interstitialAutoNext', value: false });
    expect(badId.statusCode).toBe(400);
    expect(Object.keys(badId.data.field_errors)).toEqual(['courseId']);

    const rows = await server.db
      .select()
      .from(userCourseSettings)
      .where(eq(userCourseSettings.userId, userId));
    expect(rows).toEqual([]);

    const visitor = createTestClient(server.app);
    expect(
      (await visitor.post(courseSettings(3), { setting: 'interstitialAutoNext', value: false })).statusCode,
    ).toBe(401);
    expect((await visitor.get(courseSettings(3))).statusCode).toBe(401);
  });
});
