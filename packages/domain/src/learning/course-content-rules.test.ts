import { describe, expect, it } from 'vitest';
import {
  CODING_EXERCISE_TEMPLATES,
  CODING_LANGUAGE_VERSIONS,
  CODING_LANGUAGES,
  templateOfVersion,
  templatesOfLanguage,
  templatesOfVersion,
} from './coding-exercise-templates.js';
import {
  assessmentResultFiltersSchema,
  labSearchSchema,
  lectureAutoEnrollUrl,
  lectureSearchSchema,
  lectureUrl,
  objectivesByIdsSchema,
  searchResultTrackingId,
} from './course-content-rules.js';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('coding exercise templates', () => {
  it('has a template for every language and version of platform §3, names unique per language', () => {
    for (const language of CODING_LANGUAGES)
      expect(templatesOfLanguage(language).length, language).toBeGreaterThan(0);
    for (const version of Object.keys(
      CODING_LANGUAGE_VERSIONS,
    ) as (keyof typeof CODING_LANGUAGE_VERSIONS)[]) {
      expect(templatesOfVersion(version).length, version).toBeGreaterThan(0);
    }
    for (const template of CODING_EXERCISE_TEMPLATES) {
      for (const version of template.supportedVersions) {
        expect(CODING_LANGUAGE_VERSIONS[version].language).toBe(template.language);
      }
      expect(template.solutionFiles.length).toBeGreaterThan(0);
      expect(template.testFiles.length).toBeGreaterThan(0);
    }
    const keys = CODING_EXERCISE_TEMPLATES.map((template) => `${template.language}:${template.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('finds a template by version and name', () => {
    expect(templateOfVersion('JAVA17', 'record-with-tests')?.language).toBe('JAVA');
    expect(templateOfVersion('JAVA11', 'record-with-tests')).toBeNull();
    expect(templatesOfVersion('PY_CSV').map((template) => template.name)).toEqual(['csv-report']);
  });
});

describe('course content input', () => {
  it('reads a lecture search as normalized text and a safe prefix query', () => {
    expect(lectureSearchSchema.parse({ query: '  Unions & Narrow ', limit: 20 })).toEqual({
      query: { text: 'unions & narrow', tsQuery: 'unions & narrow:*' },
      limit: 20,
    });
    expect(messagesOf(lectureSearchSchema.safeParse({ query: ' ?! ', limit: 0 }))).toEqual({
      query: 'Give words to search lectures for.',
      limit: 'limit must be between 1 and 50.',
    });
  });

  it('reads assessment result filters, dropping empty lists', () => {
    expect(assessmentResultFiltersSchema.parse(null)).toEqual({
      assessmentTypes: null,
      statuses: null,
      assessmentIds: null,
    });
    expect(
      assessmentResultFiltersSchema.parse({
        assessmentTypes: ['QUIZ', 'QUIZ'],
        statuses: [],
        assessmentIds: ['7'],
      }),
    ).toEqual({ assessmentTypes: ['QUIZ'], statuses: null, assessmentIds: [7] });
    expect(messagesOf(assessmentResultFiltersSchema.safeParse({ assessmentTypes: ['LECTURE'] }))).toEqual({
      'assessmentTypes.0':
        'Each assessment type must be one of QUIZ, PRACTICE_TEST, CODING_EXERCISE, ASSIGNMENT.',
    });
  });

  it('reads lab searches and objective lookups', () => {
    expect(labSearchSchema.parse({ query: 'docker comp', filters: { maxEstimatedMinutes: 60 } })).toEqual({
      query: 'docker & comp:*',
      filters: { topicIds: null, maxEstimatedMinutes: 60 },
    });
    expect(labSearchSchema.parse({})).toEqual({
      query: null,
      filters: { topicIds: null, maxEstimatedMinutes: null },
    });
    expect(
      messagesOf(objectivesByIdsSchema.safeParse({ ids: [], skillsFrameworkId: 'x', type: 'TALENT' })),
    ).toEqual({
      ids: 'Give at least one learning objective id.',
      skillsFrameworkId: 'skillsFrameworkId must be the id of a skills framework.',
      type: 'type must be one of ABILITY, KNOWLEDGE, SKILL.',
    });
  });

  it('builds lecture links and tracking ids', () => {
    expect(lectureUrl('typescript', 12)).toBe('/course/typescript/learn/12/');
    expect(lectureAutoEnrollUrl('typescript', 12)).toBe('/course/typescript/learn/12/?auto_enroll=true');
    expect(searchResultTrackingId('abc', 3)).toBe('abc-3');
  });
});
