import { randomUUID } from 'node:crypto';
import {
  assessmentResultFiltersSchema,
  CODING_LANGUAGE_VERSION_CODES,
  CODING_LANGUAGES,
  COURSE_CONTENT_LIMITS,
  courseIdSchema,
  courseImageVariantUrl,
  curriculumItemTypesSchema,
  LECTURE_SEARCH_FEATURE,
  lectureAutoEnrollUrl,
  lectureSearchSchema,
  lectureUrl,
  searchResultTrackingId,
  templateOfVersion,
  templatesOfLanguage,
  templatesOfVersion,
  type CodingLanguage,
  type CodingLanguageVersion,
  type CurriculumItemType,
} from '@lectern/domain';
import DataLoader from 'dataloader';
import { z } from 'zod';
import { notFound } from '../../platform/http/http-error.js';
import {
  requestLoaders,
  type GraphqlContext,
  type GraphqlPart,
} from '../../platform/graphql/graphql-endpoint.js';
import { parseGraphqlInput, signedInUserId } from '../../platform/graphql/graphql-input.js';
import type {
  CourseCurriculumItemsArgs,
  QueryCodingExerciseTemplateByLanguageVersionNameArgs,
  QueryCodingExerciseTemplatesByLanguageArgs,
  QueryCodingExerciseTemplatesByLanguageVersionArgs,
  QueryCourseArgs,
  QueryCourseAssessmentItemResultsArgs,
  QuerySearchLecturesArgs,
} from '../../platform/graphql/graphql-types.generated.js';
import type { CatalogService, CourseFacts } from '../catalog/catalog.service.js';
import type { ExperimentsService } from '../experiments/experiments.service.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { CourseContentService, CurriculumItem, CurriculumSection } from './course-content.service.js';

/** Platform §3 course content, coding exercise templates and their §7 queries. */
export const courseContentTypeDefs = /* GraphQL */ `
  "Platform §3 lecture and assessment types."
  enum CurriculumItemType {
    ASSIGNMENT
    CODING_EXERCISE
    LECTURE
    PRACTICE_TEST
    QUIZ
  }

  "How the learner answered one question."
  enum AssessmentItemStatus {
    CORRECT
    INCORRECT
    SKIPPED
  }

  "The language families coding exercises are written in."
  enum CodingLanguage {
    ${CODING_LANGUAGES.join('\n    ')}
  }

  """
  Platform §3 coding languages and versions: C++, C#, HTML, JavaScript ES6, Java 9/11/17,
  Kotlin 1.9, PHP 5/7, Python 3.5/3.8/3.10, CSV processing with Python (PY_CSV), a scientific
  Python bundle (PY_SCIENTIFIC), React 16/18, Ruby, R 3.6, SQL, SQLite 3, Swift 3/5.
  """
  enum CodingLanguageVersion {
    ${CODING_LANGUAGE_VERSION_CODES.join('\n    ')}
  }

  "One item of a course's curriculum: a lecture or an assessment."
  type CurriculumItem {
    id: ID!
    type: CurriculumItemType!
    title: String!
    description: String!
    "Lectures only: how long the video runs."
    durationInSeconds: Int
    "An assessment still being tried out."
    isBeta: Boolean!
    "An assessment's questions (a coding exercise's: its test cases); 0 for a lecture."
    questionCount: Int!
    "Coding exercises only."
    codingLanguage: CodingLanguageVersion
  }

  type CurriculumSection {
    id: ID!
    title: String!
    items: [CurriculumItem!]!
  }

  "A published, public course and its content."
  type Course {
    id: ID!
    title: String!
    "The landing page."
    url: String!
    "The cover (750 px JPEG)."
    imageUrl: String!
    curriculum: [CurriculumSection!]!
    "Every item in curriculum order, or those of the types asked for."
    curriculumItems(types: [CurriculumItemType!]): [CurriculumItem!]!
    codingExercises: [CurriculumItem!]!
    quizzes: [CurriculumItem!]!
    practiceTests: [CurriculumItem!]!
  }

  "A lecture's picture (its course's cover) at two sizes."
  type LectureImages {
    px240x135: String!
    px480x270: String!
  }

  type Lecture {
    id: ID!
    title: String!
    durationInSeconds: Int!
    images: LectureImages!
    "The smallest picture."
    thumbnail: String!
    "The lecture in the course-taking page."
    url: String!
    "The same page for someone not enrolled yet: enrols them first where the course allows."
    urlAutoEnroll: String!
  }

  type LectureSearchResult {
    lecture: Lecture!
    course: Course!
    "Ties a click on this result to the search (the search's trackingId and the position)."
    trackingId: String!
  }

  type LectureSearchMetadata {
    "The search as matched: case and width folded, spaces collapsed."
    query: String!
    "Every matching lecture, beyond the ones answered."
    lectureCount: Int!
    trackingId: String!
  }

  "The caller's assignment in an experiment on lecture search."
  type LectureSearchExperimentResult {
    featureCode: String!
    isInExperiment: Boolean!
    experimentIds: [ID!]!
    "The variant's key; null outside an experiment."
    variant: String
  }

  type LectureSearchResponse {
    lectures: [LectureSearchResult!]!
    metadata: LectureSearchMetadata!
    experimentResults: [LectureSearchExperimentResult!]!
  }

  type CourseAssessment {
    id: ID!
    title: String!
    isBeta: Boolean!
    type: CurriculumItemType!
  }

  "One answered question (the item) and how it went."
  type AssessmentItemResult {
    id: ID!
    status: AssessmentItemStatus!
  }

  type CourseAssessmentItemResults {
    assessment: CourseAssessment!
    items: [AssessmentItemResult!]!
  }

  input CourseAssessmentItemResultFilters {
    "QUIZ, PRACTICE_TEST, CODING_EXERCISE or ASSIGNMENT."
    assessmentTypes: [CurriculumItemType!]
    statuses: [AssessmentItemStatus!]
    assessmentIds: [ID!]
  }

  type CodeFile {
    fileName: String!
    content: String!
  }

  "What a coding exercise starts from."
  type CodingExerciseTemplate {
    language: CodingLanguage!
    supportedVersions: [CodingLanguageVersion!]!
    name: String!
    description: String!
    solutionFiles: [CodeFile!]!
    testFiles: [CodeFile!]!
    setupFiles: [CodeFile!]!
  }

  extend type Query {
    "A published, public course with its curriculum; NOT_FOUND otherwise."
    course(id: ID!): Course!
    """
    Lectures of published, public courses whose titles hold the words (the last one as a prefix,
    English stemming), best first; limit 1 to ${COURSE_CONTENT_LIMITS.lectureSearchMax}.
    """
    searchLectures(query: String!, limit: Int = ${COURSE_CONTENT_LIMITS.lectureSearchDefault}): LectureSearchResponse!
    """
    The caller's answers in the course's assessments (those they answered), in curriculum order.
    NOT_FOUND for a course that does not exist or is not public.
    """
    courseAssessmentItemResults(courseId: ID!, filters: CourseAssessmentItemResultFilters): [CourseAssessmentItemResults!]!
    "The templates of a language family, by name."
    codingExerciseTemplatesByLanguage(language: CodingLanguage!): [CodingExerciseTemplate!]!
    "The templates that run on a language version, by name."
    codingExerciseTemplatesByLanguageVersion(language: CodingLanguageVersion!): [CodingExerciseTemplate!]!
    "The template of that name for the version; NOT_FOUND when there is none."
    codingExerciseTemplateByLanguageVersionName(language: CodingLanguageVersion!, name: String!): CodingExerciseTemplate!
  }
`;

const LOADERS = Symbol('course-content');
const templateName = z
  .string({ error: 'name must be text.' })
  .trim()
  .min(1, 'Give the name of a template.')
  .max(100, 'name can be at most 100 characters.');
const limitOf = (value: number | null | undefined) => value ?? COURSE_CONTENT_LIMITS.lectureSearchDefault;

const itemsOfTypes = (items: CurriculumItem[], types: readonly CurriculumItemType[] | null) =>
  types === null ? items : items.filter((item) => types.includes(item.type));

/** The GraphQL part of course content: curricula, courses and question counts are read per request in batches. */
export function courseContentGraphql(deps: {
  courseContent: CourseContentService;
  catalog: CatalogService;
  experiments: ExperimentsService;
  userContext: UserContextService;
}): GraphqlPart {
  const { courseContent, catalog, experiments, userContext } = deps;
  const loadersOf = (context: GraphqlContext) =>
    requestLoaders(context, LOADERS, () => ({
      courses: new DataLoader<number, CourseFacts | null>(async (ids) => {
        const found = await catalog.courseFacts(ids);
        return ids.map((id) => found.get(id) ?? null);
      }),
      items: new DataLoader<number, CurriculumItem[]>(async (ids) => {
        const byCourse = await courseContent.curriculumOf(ids);
        return ids.map((id) => byCourse.get(id) ?? []);
      }),
      sections: new DataLoader<number, CurriculumSection[]>(async (ids) => {
        const byCourse = await courseContent.sectionsOf(ids);
        return ids.map((id) => byCourse.get(id) ?? []);
      }),
      questionCounts: new DataLoader<number, number>(async (ids) => {
        const counts = await courseContent.questionCounts(ids);
        return ids.map((id) => counts.get(id) ?? 0);
      }),
    }));
  const course = async (context: GraphqlContext, id: number) => {
    const found = await loadersOf(context).courses.load(id);
    if (!found) throw new Error(`curriculum item of a course ${id} that does not exist`);
    return found;
  };

  return {
    typeDefs: courseContentTypeDefs,
    query: {
      course: (args: QueryCourseArgs) =>
        courseContent.visibleCourse(parseGraphqlInput(courseIdSchema, args.id, 'id')),
      searchLectures: async (args: QuerySearchLecturesArgs, context: GraphqlContext) => {
        const input = parseGraphqlInput(
          lectureSearchSchema,
          { query: args.query, limit: limitOf(args.limit) },
          '',
        );
        const { lectures, total } = await courseContent.searchLectures(input);
        const trackingId = randomUUID();
        const unit = await userContext.assignmentUnitOf(context.request, context.reply);
        const assignments = await experiments.assign([LECTURE_SEARCH_FEATURE], unit);
        return {
          lectures: lectures.map((lecture, position) => ({
            lecture,
            courseId: lecture.courseId,
            trackingId: searchResultTrackingId(trackingId, position),
          })),
          metadata: { query: input.query.text, lectureCount: total, trackingId },
          experimentResults: assignments.map((assignment) => ({
            featureCode: assignment.featureCode,
            isInExperiment: assignment.isInExperiment,
            experimentIds: assignment.experimentIds.map(String),
            variant:
              typeof assignment.configuration.variant === 'string' ? assignment.configuration.variant : null,
          })),
        };
      },
      courseAssessmentItemResults: (args: QueryCourseAssessmentItemResultsArgs, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        return courseContent.assessmentResults(
          userId,
          parseGraphqlInput(courseIdSchema, args.courseId, 'courseId'),
          parseGraphqlInput(assessmentResultFiltersSchema, args.filters, 'filters'),
        );
      },
      codingExerciseTemplatesByLanguage: (args: QueryCodingExerciseTemplatesByLanguageArgs) =>
        templatesOfLanguage(args.language as CodingLanguage),
      codingExerciseTemplatesByLanguageVersion: (args: QueryCodingExerciseTemplatesByLanguageVersionArgs) =>
        templatesOfVersion(args.language as CodingLanguageVersion),
      codingExerciseTemplateByLanguageVersionName: (
        args: QueryCodingExerciseTemplateByLanguageVersionNameArgs,
      ) => {
        const name = parseGraphqlInput(templateName, args.name, 'name');
        const template = templateOfVersion(args.language as CodingLanguageVersion, name);
        if (!template) throw notFound(`There is no template ${name} for ${args.language}.`);
        return template;
      },
    },
    types: {
      Course: {
        id: (facts: CourseFacts) => String(facts.id),
        curriculum: async (facts: CourseFacts, _args: never, context: GraphqlContext) => {
          const loaders = loadersOf(context);
          const [sections, items] = await Promise.all([
            loaders.sections.load(facts.id),
            loaders.items.load(facts.id),
          ]);
          return sections.map((section) => ({
            id: String(section.id),
            title: section.title,
            items: items.filter((item) => item.sectionId === section.id),
          }));
        },
        curriculumItems: async (
          facts: CourseFacts,
          args: CourseCurriculumItemsArgs,
          context: GraphqlContext,
        ) =>
          itemsOfTypes(
            await loadersOf(context).items.load(facts.id),
            parseGraphqlInput(curriculumItemTypesSchema, args.types, 'types'),
          ),
        codingExercises: async (facts: CourseFacts, _args: never, context: GraphqlContext) =>
          itemsOfTypes(await loadersOf(context).items.load(facts.id), ['CODING_EXERCISE']),
        quizzes: async (facts: CourseFacts, _args: never, context: GraphqlContext) =>
          itemsOfTypes(await loadersOf(context).items.load(facts.id), ['QUIZ']),
        practiceTests: async (facts: CourseFacts, _args: never, context: GraphqlContext) =>
          itemsOfTypes(await loadersOf(context).items.load(facts.id), ['PRACTICE_TEST']),
      },
      CurriculumItem: {
        id: (item: CurriculumItem) => String(item.id),
        durationInSeconds: (item: CurriculumItem) => item.durationSeconds,
        questionCount: (item: CurriculumItem, _args: never, context: GraphqlContext) =>
          item.type === 'LECTURE' ? 0 : loadersOf(context).questionCounts.load(item.id),
      },
      LectureSearchResult: {
        lecture: async (result: { lecture: CurriculumItem }, _args: never, context: GraphqlContext) => {
          const { lecture } = result;
          const facts = await course(context, lecture.courseId);
          const variant = (width: 240 | 480) =>
            courseImageVariantUrl(facts.imageUrl, width, 'jpeg') ?? facts.imageUrl;
          return {
            id: String(lecture.id),
            title: lecture.title,
            durationInSeconds: lecture.durationSeconds ?? 0,
            images: { px240x135: variant(240), px480x270: variant(480) },
            thumbnail: variant(240),
            url: lectureUrl(facts.slug, lecture.id),
            urlAutoEnroll: lectureAutoEnrollUrl(facts.slug, lecture.id),
          };
        },
        course: (result: { courseId: number }, _args: never, context: GraphqlContext) =>
          course(context, result.courseId),
      },
      CourseAssessment: { id: (assessment: { id: number }) => String(assessment.id) },
      AssessmentItemResult: { id: (item: { id: number }) => String(item.id) },
    },
  };
}
