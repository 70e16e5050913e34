import type {
  AssessmentItemStatus,
  LearningActivityType,
  LearningObjectiveType,
  OpportunityLevel,
  OpportunityPriority,
  OpportunityType,
} from '@lectern/domain';
import type { Database } from '../platform/db/database.js';
import { createCatalogService } from '../modules/catalog/catalog.service.js';
import { createBadgesService, type BadgesService } from '../modules/badges/badges.service.js';
import {
  createCourseContentService,
  type CourseContentService,
} from '../modules/course-content/course-content.service.js';
import {
  createLearningPathsService,
  type LearningPathsService,
} from '../modules/learning-paths/learning-paths.service.js';
import { createLabsService, type LabsService } from '../modules/labs/labs.service.js';
import {
  createLearningObjectivesService,
  type LearningObjectivesService,
} from '../modules/learning-objectives/learning-objectives.service.js';
import { createOrdersService } from '../modules/orders/orders.service.js';
import {
  createSupplyGapsService,
  type SupplyGapsService,
} from '../modules/supply-gaps/supply-gaps.service.js';
import {
  createOccupationsService,
  type OccupationsService,
} from '../modules/occupations/occupations.service.js';
import { createTopicsService, type TopicsService } from '../modules/topics/topics.service.js';
import { DEMO_CATEGORIES, DEMO_INSTRUCTORS } from './demo-catalog.js';
import { DEMO_COURSE_DETAILS } from './demo-course-details.js';
import { demoCurriculum, descriptionPhrases } from './demo-curricula.js';
import { DEMO_TOPICS } from './demo-learning.js';

/** Topics beyond the first ones (demo-learning.ts): what groups, occupations, badges and labs point at. */
export const MORE_DEMO_TOPICS = [
  ['JavaScript', 'javascript'],
  ['Java', 'java'],
  ['Go', 'go'],
  ['Rust', 'rust'],
  ['C#', 'c-sharp'],
  ['Node.js', 'nodejs'],
  ['PostgreSQL', 'postgresql'],
  ['Docker', 'docker'],
  ['DevOps', 'devops'],
  ['Linux', 'linux'],
  ['Microsoft Azure', 'microsoft-azure'],
  ['Google Cloud', 'google-cloud'],
  ['Ethical Hacking', 'ethical-hacking'],
  ['Network Security', 'network-security'],
  ['Statistics', 'statistics'],
  ['Deep Learning', 'deep-learning'],
  ['Power BI', 'power-bi'],
  ['Excel', 'excel'],
  ['Agile', 'agile'],
  ['Scrum', 'scrum'],
  ['Product Management', 'product-management'],
  ['Financial Modeling', 'financial-modeling'],
  ['Figma', 'figma'],
  ['Graphic Design', 'graphic-design'],
  ['Search Engine Optimization', 'seo'],
  ['Digital Marketing', 'digital-marketing'],
  ['Copywriting', 'copywriting'],
  ['Photography', 'photography'],
  ['Video Editing', 'video-editing'],
  ['Music Production', 'music-production'],
] as const;

type TopicSlug = (typeof DEMO_TOPICS)[number][1] | (typeof MORE_DEMO_TOPICS)[number][1];

/** Topic groups for browsing, each in its order. */
const DEMO_TOPIC_GROUPS: [string, TopicSlug[]][] = [
  ['Programming Languages', ['python', 'javascript', 'typescript', 'java', 'go', 'rust', 'c-sharp', 'sql']],
  ['Web Development', ['javascript', 'typescript', 'react', 'nodejs', 'ux-design']],
  [
    'Data Science',
    ['data-analysis', 'machine-learning', 'deep-learning', 'statistics', 'python', 'sql', 'power-bi'],
  ],
  ['Databases', ['sql', 'postgresql']],
  [
    'Cloud and DevOps',
    [
      'cloud-computing',
      'aws-certified-solutions-architect',
      'microsoft-azure',
      'google-cloud',
      'kubernetes',
      'docker',
      'devops',
      'linux',
    ],
  ],
  ['IT Security', ['cybersecurity', 'ethical-hacking', 'network-security']],
  [
    'Business and Management',
    [
      'project-management',
      'product-management',
      'agile',
      'scrum',
      'leadership',
      'financial-modeling',
      'excel',
    ],
  ],
  ['Design', ['ux-design', 'figma', 'graphic-design']],
  ['Marketing', ['seo', 'digital-marketing', 'copywriting']],
  ['Personal Development', ['productivity', 'public-speaking', 'leadership']],
  ['Creative Arts', ['photography', 'video-editing', 'music-production']],
];

/** What the demo learner follows. */
const LEARNER_INTERESTS: TopicSlug[] = ['typescript', 'react', 'python', 'data-analysis', 'cloud-computing'];

/** The learning catalog's seed: topics by slug, for the parts seeded after them. */
export type DemoTopicIds = (slug: TopicSlug) => number;

async function seedTopics(topics: TopicsService, learner: number): Promise<DemoTopicIds> {
  await topics.addTopics(MORE_DEMO_TOPICS.map(([name, slug]) => ({ name, slug })));
  const bySlug = await topics.bySlugs([...DEMO_TOPICS, ...MORE_DEMO_TOPICS].map(([, slug]) => slug));
  const topicId: DemoTopicIds = (slug) => {
    const topic = bySlug.get(slug);
    if (!topic) throw new Error(`no demo topic ${slug}`);
    return topic.id;
  };
  for (const [name, slugs] of DEMO_TOPIC_GROUPS) await topics.addGroup(name, slugs.map(topicId));
  await topics.assignInterests(learner, LEARNER_INTERESTS.map(topicId));
  return topicId;
}

/** Occupation groups, each with its occupations: [name, slug, representative topic]. */
const DEMO_OCCUPATIONS: [string, [string, string, TopicSlug | null][]][] = [
  [
    'Software Development',
    [
      ['Front-End Developer', 'front-end-developer', 'react'],
      ['Back-End Developer', 'back-end-developer', 'nodejs'],
      ['Full-Stack Developer', 'full-stack-developer', 'typescript'],
      ['Mobile Developer', 'mobile-developer', 'javascript'],
      ['Software Engineer', 'software-engineer', 'java'],
      ['Systems Programmer', 'systems-programmer', 'rust'],
      ['QA Engineer', 'qa-engineer', 'javascript'],
    ],
  ],
  [
    'Data and Analytics',
    [
      ['Data Analyst', 'data-analyst', 'data-analysis'],
      ['Data Scientist', 'data-scientist', 'machine-learning'],
      ['Data Engineer', 'data-engineer', 'sql'],
      ['Machine Learning Engineer', 'machine-learning-engineer', 'deep-learning'],
      ['Business Intelligence Analyst', 'business-intelligence-analyst', 'power-bi'],
      ['Database Administrator', 'database-administrator', 'postgresql'],
    ],
  ],
  [
    'IT Operations and Cloud',
    [
      ['Cloud Architect', 'cloud-architect', 'aws-certified-solutions-architect'],
      ['DevOps Engineer', 'devops-engineer', 'devops'],
      ['Site Reliability Engineer', 'site-reliability-engineer', 'kubernetes'],
      ['Systems Administrator', 'systems-administrator', 'linux'],
      ['Cloud Engineer', 'cloud-engineer', 'cloud-computing'],
    ],
  ],
  [
    'Cybersecurity',
    [
      ['Security Analyst', 'security-analyst', 'cybersecurity'],
      ['Penetration Tester', 'penetration-tester', 'ethical-hacking'],
      ['Network Security Engineer', 'network-security-engineer', 'network-security'],
    ],
  ],
  [
    'Product and Project Management',
    [
      ['Project Manager', 'project-manager', 'project-management'],
      ['Product Manager', 'product-manager', 'product-management'],
      ['Scrum Master', 'scrum-master', 'scrum'],
      ['Engineering Manager', 'engineering-manager', 'leadership'],
    ],
  ],
  [
    'Design',
    [
      ['UX Designer', 'ux-designer', 'ux-design'],
      ['UI Designer', 'ui-designer', 'figma'],
      ['Graphic Designer', 'graphic-designer', 'graphic-design'],
    ],
  ],
  [
    'Marketing and Sales',
    [
      ['Digital Marketing Specialist', 'digital-marketing-specialist', 'digital-marketing'],
      ['SEO Specialist', 'seo-specialist', 'seo'],
      ['Content Writer', 'content-writer', 'copywriting'],
      ['Sales Representative', 'sales-representative', 'public-speaking'],
    ],
  ],
  [
    'Finance and Accounting',
    [
      ['Financial Analyst', 'financial-analyst', 'financial-modeling'],
      ['Accountant', 'accountant', 'excel'],
    ],
  ],
  [
    'Creative Media',
    [
      ['Photographer', 'photographer', 'photography'],
      ['Video Editor', 'video-editor', 'video-editing'],
      ['Music Producer', 'music-producer', 'music-production'],
    ],
  ],
  [
    'Teaching and Training',
    [
      ['Corporate Trainer', 'corporate-trainer', 'public-speaking'],
      ['Teacher', 'teacher', null],
    ],
  ],
];

/** Occupation groups and occupations; the demo learner works as a front-end developer and says so in their own words too. */
async function seedOccupations(occupations: OccupationsService, topicId: DemoTopicIds, learner: number) {
  const bySlug = new Map<string, number>();
  for (const [group, members] of DEMO_OCCUPATIONS) {
    const groupId = await occupations.seedWriter.insertGroup(group);
    const rows = await occupations.seedWriter.insertOccupations(
      members.map(([name, slug, topic]) => ({
        name,
        slug,
        groupId,
        representativeTopicId: topic === null ? null : topicId(topic),
      })),
    );
    for (const row of rows) bySlug.set(row.slug, row.id);
  }
  await occupations.assignOccupation(learner, bySlug.get('front-end-developer')!);
  await occupations.assignRaw(learner, ['Web developer at a design agency']);
}

/** The demo courses by title, with what their curricula are made from. */
type DemoCourse = { id: number; title: string; description: string; locale: string; category: string };

function demoCourses(courses: readonly { id: number; slug: string }[]): Map<string, DemoCourse> {
  const titles = DEMO_CATEGORIES.flatMap((category) =>
    category.courses.map((title) => ({ title, category: category.slug })),
  );
  if (titles.length !== courses.length) throw new Error('the demo courses are not the demo catalog’s');
  return new Map(
    titles.map(({ title, category }, i) => {
      const details = DEMO_COURSE_DETAILS[title]!;
      return [
        title,
        {
          id: courses[i]!.id,
          title,
          category,
          description: details.description,
          locale: details.locale ?? 'en_US',
        },
      ];
    }),
  );
}

/** Every demo course gets its curriculum (demo-curricula.ts). */
async function seedCurricula(db: Database, content: CourseContentService, courses: Map<string, DemoCourse>) {
  for (const course of courses.values()) {
    await content.seedWriter.insertCurriculum(db, course.id, demoCurriculum(course));
  }
}

/** Learning paths: [title, topic, pro, description, course titles]. */
const DEMO_PATHS: [string, TopicSlug, boolean, string, string[]][] = [
  [
    'Full-Stack TypeScript Developer',
    'typescript',
    true,
    'From the type system to a tested service and its interface: everything a full-stack TypeScript role asks for.',
    [
      'TypeScript from First Principles',
      'Modern React with Hooks and Suspense',
      'Node.js Services that Scale',
      'Testing JavaScript Applications',
    ],
  ],
  [
    'Frontend Engineering with React',
    'react',
    true,
    'Components, state and data loading, then the accessibility and tests that make an interface last.',
    [
      'Modern React with Hooks and Suspense',
      'TypeScript from First Principles',
      'Designing Accessible Interfaces',
      'Testing JavaScript Applications',
    ],
  ],
  [
    'Data Analyst Career Path',
    'data-analysis',
    true,
    'Clean and query data, chart it and explain it: the path from spreadsheets to a first analyst job.',
    [
      'Python for Data Analysis',
      'PostgreSQL for Application Developers',
      'Marketing Analytics',
      'Machine Learning Foundations',
    ],
  ],
  [
    'Python for Data Science',
    'python',
    true,
    'pandas and NumPy first, then the models: a short path for programmers moving into data science.',
    ['Python for Data Analysis', 'Machine Learning Foundations'],
  ],
  [
    'Cloud Engineer Path',
    'cloud-computing',
    true,
    'The shell, the architecture patterns, infrastructure as code and the clusters that run it all.',
    [
      'Linux Command Line Mastery',
      'Cloud Architecture Patterns',
      'Infrastructure as Code',
      'Kubernetes for Operators',
    ],
  ],
  [
    'AWS Solutions Architect Associate Prep',
    'aws-certified-solutions-architect',
    true,
    'Design resilient, secure and cost-aware systems, then rehearse with practice tests before the exam.',
    ['Cloud Architecture Patterns', 'Infrastructure as Code', 'Network Security Fundamentals'],
  ],
  [
    'Kubernetes Operator Path',
    'kubernetes',
    true,
    'Run clusters in production and answer the pager calmly when they misbehave.',
    ['Linux Command Line Mastery', 'Kubernetes for Operators', 'Incident Response Playbooks'],
  ],
  [
    'Security Foundations',
    'cybersecurity',
    true,
    'Defend a network, think like an attacker and respond when something gets through.',
    ['Network Security Fundamentals', 'Ethical Hacking Introduction', 'Incident Response Playbooks'],
  ],
  [
    'New Manager Essentials',
    'leadership',
    true,
    'The first months of leading a team: remote habits, calm attention and talks people remember.',
    ['Leading Remote Teams', 'Mindful Leadership', 'Presenting with Confidence'],
  ],
  [
    'Project Manager Path',
    'project-management',
    true,
    'Scope, schedule and stakeholders, then the product thinking that keeps a project worth doing.',
    ['Project Management Essentials', 'Product Management Fundamentals', 'Leading Remote Teams'],
  ],
  [
    'UX Designer Path',
    'ux-design',
    true,
    'Research, prototype, make it accessible and keep it consistent with a design system.',
    [
      'User Experience Research Methods',
      'Figma from Zero to Prototype',
      'Designing Accessible Interfaces',
      'Design Systems in Practice',
    ],
  ],
  [
    'SQL for the data team',
    'sql',
    false,
    'A learner-made path: the two courses our analysts take in their first month.',
    ['PostgreSQL for Application Developers', 'Python for Data Analysis'],
  ],
];

/** Learning paths, and who enrolled in them (the demo learner in two). */
async function seedLearningPaths(
  paths: LearningPathsService,
  topicId: DemoTopicIds,
  courses: Map<string, DemoCourse>,
  people: { learner: number; others: readonly number[] },
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [index, [title, topic, isPro, description, titles]] of DEMO_PATHS.entries()) {
    const id = await paths.seedWriter.insertPath(
      { title, description, topicId: topicId(topic), isPro },
      titles.map((course) => courses.get(course)!.id),
    );
    ids.set(title, id);
    // A few of the other demo people in each, varying by path.
    await paths.seedWriter.enroll(
      id,
      people.others.filter((_, i) => (i + index) % 3 !== 0),
    );
  }
  await paths.seedWriter.enroll(ids.get('Full-Stack TypeScript Developer')!, [people.learner]);
  await paths.seedWriter.enroll(ids.get('Data Analyst Career Path')!, [people.learner]);
  return ids;
}

/** What the demo learner did: the first items of a few courses, and answers to the first assessments. */
async function seedLearnerProgress(
  db: Database,
  content: CourseContentService,
  courses: Map<string, DemoCourse>,
  learner: number,
) {
  const done: [string, number][] = [
    ['TypeScript from First Principles', 14],
    ['Modern React with Hooks and Suspense', 5],
    ['Python for Data Analysis', 9],
  ];
  const day = 24 * 60 * 60 * 1000;
  const start = Date.UTC(2026, 0, 5, 19);
  const statuses: AssessmentItemStatus[] = ['CORRECT', 'CORRECT', 'INCORRECT', 'CORRECT', 'SKIPPED'];
  for (const [title, count] of done) {
    const course = courses.get(title)!;
    const items = (await content.itemsOf([course.id])).slice(0, count);
    await content.seedWriter.insertCompletions(
      db,
      learner,
      items.map((item, i) => ({
        itemId: item.id,
        courseId: course.id,
        completedAt: new Date(start + i * day),
      })),
    );
    const assessments = items.filter((item) => item.type !== 'LECTURE').map((item) => item.id);
    const questions = await content.seedWriter.questionsOf(assessments);
    await content.seedWriter.insertAnswers(
      db,
      learner,
      questions.map((question, i) => ({
        questionId: question.id,
        status: statuses[i % statuses.length]!,
        answeredAt: new Date(start + i * 3_600_000),
      })),
    );
  }
}

/** Badge classes: [name, issuer, type, topic, area, image, tags, description, criteria, url, products, active]. */
type DemoBadge = {
  name: string;
  issuer: string;
  type: 'BLUEPRINT' | 'OPEN_BADGE';
  topic: TopicSlug;
  area: string;
  tags: string[];
  description: string;
  criteria: string;
  url: string | null;
  courses?: string[];
  paths?: string[];
  retired?: boolean;
};

const DEMO_ISSUERS: [string, string | null][] = [
  ['Amazon Web Services', 'https://aws.amazon.com/certification/'],
  ['Cloud Native Computing Foundation', 'https://www.cncf.io/training/certification/'],
  ['CompTIA', 'https://www.comptia.org/certifications'],
  ['Google Cloud', 'https://cloud.google.com/learn/certification'],
  ['Lectern', null],
  ['Linux Foundation', 'https://training.linuxfoundation.org/certification/'],
  ['Microsoft', 'https://learn.microsoft.com/credentials/'],
  ['Project Management Institute', 'https://www.pmi.org/certifications'],
  ['Scrum Alliance', 'https://www.scrumalliance.org/get-certified'],
];

const DEMO_AREAS = ['Cloud', 'Data', 'Project Management', 'Security', 'Software Development'];

const DEMO_BADGES: DemoBadge[] = [
  {
    name: 'AWS Certified Solutions Architect – Associate',
    issuer: 'Amazon Web Services',
    type: 'OPEN_BADGE',
    topic: 'aws-certified-solutions-architect',
    area: 'Cloud',
    tags: ['aws', 'architecture', 'associate'],
    description:
      'Shows the ability to design secure, resilient, high-performing and cost-optimised systems on AWS.',
    criteria: 'Pass the SAA-C03 exam: 65 questions in 130 minutes, scored 720 or more out of 1000.',
    url: 'https://aws.amazon.com/certification/certified-solutions-architect-associate/',
    courses: ['Cloud Architecture Patterns'],
    paths: ['AWS Solutions Architect Associate Prep'],
  },
  {
    name: 'AWS Certified Cloud Practitioner',
    issuer: 'Amazon Web Services',
    type: 'OPEN_BADGE',
    topic: 'cloud-computing',
    area: 'Cloud',
    tags: ['aws', 'cloud', 'foundational'],
    description:
      'Shows an overall understanding of the AWS Cloud: its services, security, pricing and support.',
    criteria: 'Pass the CLF-C02 exam: 65 questions in 90 minutes, scored 700 or more out of 1000.',
    url: 'https://aws.amazon.com/certification/certified-cloud-practitioner/',
    courses: ['Cloud Architecture Patterns'],
  },
  {
    name: 'AWS Certified Developer – Associate (DVA-C01)',
    issuer: 'Amazon Web Services',
    type: 'OPEN_BADGE',
    topic: 'cloud-computing',
    area: 'Software Development',
    tags: ['aws', 'developer', 'retired'],
    description:
      'The retired version of the developer certification; holders keep their awards until they expire.',
    criteria: 'Passed the DVA-C01 exam before it was retired in February 2023.',
    url: 'https://aws.amazon.com/certification/certified-developer-associate/',
    retired: true,
  },
  {
    name: 'Certified Kubernetes Administrator (CKA)',
    issuer: 'Cloud Native Computing Foundation',
    type: 'OPEN_BADGE',
    topic: 'kubernetes',
    area: 'Cloud',
    tags: ['kubernetes', 'cncf', 'operations'],
    description: 'Shows the skills to install, configure and troubleshoot production Kubernetes clusters.',
    criteria: 'Pass a two-hour, performance-based exam solving tasks on live clusters.',
    url: 'https://www.cncf.io/training/certification/cka/',
    courses: ['Kubernetes for Operators'],
    paths: ['Kubernetes Operator Path'],
  },
  {
    name: 'Microsoft Certified: Azure Fundamentals',
    issuer: 'Microsoft',
    type: 'OPEN_BADGE',
    topic: 'microsoft-azure',
    area: 'Cloud',
    tags: ['azure', 'cloud', 'fundamentals'],
    description:
      'Shows foundational knowledge of cloud concepts and of Azure services, security and governance.',
    criteria: 'Pass exam AZ-900.',
    url: 'https://learn.microsoft.com/credentials/certifications/azure-fundamentals/',
    courses: ['Cloud Architecture Patterns'],
  },
  {
    name: 'Google Cloud Associate Cloud Engineer',
    issuer: 'Google Cloud',
    type: 'OPEN_BADGE',
    topic: 'google-cloud',
    area: 'Cloud',
    tags: ['gcp', 'cloud', 'associate'],
    description:
      'Shows the ability to deploy applications, monitor operations and manage enterprise solutions on Google Cloud.',
    criteria: 'Pass the two-hour Associate Cloud Engineer exam.',
    url: 'https://cloud.google.com/learn/certification/cloud-engineer',
  },
  {
    name: 'Linux Foundation Certified System Administrator (LFCS)',
    issuer: 'Linux Foundation',
    type: 'OPEN_BADGE',
    topic: 'linux',
    area: 'Cloud',
    tags: ['linux', 'sysadmin'],
    description:
      'Shows the skills to run Linux systems: storage, networking, users, services and troubleshooting.',
    criteria: 'Pass a two-hour, performance-based exam on a live Linux system.',
    url: 'https://training.linuxfoundation.org/certification/linux-foundation-certified-sysadmin-lfcs/',
    courses: ['Linux Command Line Mastery'],
    paths: ['Cloud Engineer Path'],
  },
  {
    name: 'CompTIA Security+',
    issuer: 'CompTIA',
    type: 'OPEN_BADGE',
    topic: 'cybersecurity',
    area: 'Security',
    tags: ['security', 'comptia', 'entry-level'],
    description:
      'Shows the baseline skills for a first security role: threats, architecture, operations and incident response.',
    criteria: 'Pass exam SY0-701: at most 90 questions in 90 minutes, scored 750 or more out of 900.',
    url: 'https://www.comptia.org/certifications/security',
    courses: ['Network Security Fundamentals'],
    paths: ['Security Foundations'],
  },
  {
    name: 'Project Management Professional (PMP)',
    issuer: 'Project Management Institute',
    type: 'OPEN_BADGE',
    topic: 'project-management',
    area: 'Project Management',
    tags: ['pmp', 'project-management', 'agile'],
    description: 'Shows the skills to lead projects in predictive, agile and hybrid ways.',
    criteria: '35 hours of project management education, three years leading projects, and the PMP exam.',
    url: 'https://www.pmi.org/certifications/project-management-pmp',
    courses: ['Project Management Essentials'],
    paths: ['Project Manager Path'],
  },
  {
    name: 'Certified ScrumMaster (CSM)',
    issuer: 'Scrum Alliance',
    type: 'OPEN_BADGE',
    topic: 'scrum',
    area: 'Project Management',
    tags: ['scrum', 'agile'],
    description:
      'Shows an understanding of Scrum and of how a ScrumMaster serves the team and the organisation.',
    criteria: 'Attend a two-day course by a Certified Scrum Trainer and pass the CSM test.',
    url: 'https://www.scrumalliance.org/get-certified/scrum-master-track/certified-scrummaster',
    courses: ['Project Management Essentials'],
  },
  {
    name: 'TypeScript Developer Blueprint',
    issuer: 'Lectern',
    type: 'BLUEPRINT',
    topic: 'typescript',
    area: 'Software Development',
    tags: ['typescript', 'javascript', 'web'],
    description: 'The skills a TypeScript developer role asks for, mapped to the courses that teach them.',
    criteria: 'Complete every course of the blueprint and pass its coding exercises.',
    url: null,
    courses: ['TypeScript from First Principles'],
    paths: ['Full-Stack TypeScript Developer'],
  },
  {
    name: 'Frontend Engineer Blueprint',
    issuer: 'Lectern',
    type: 'BLUEPRINT',
    topic: 'react',
    area: 'Software Development',
    tags: ['react', 'frontend', 'accessibility'],
    description: 'Components, data loading, accessibility and testing: the blueprint of a frontend engineer.',
    criteria: 'Complete the path and its quizzes with at least 80% correct.',
    url: null,
    courses: ['Modern React with Hooks and Suspense'],
    paths: ['Frontend Engineering with React'],
  },
  {
    name: 'Data Analysis with Python Blueprint',
    issuer: 'Lectern',
    type: 'BLUEPRINT',
    topic: 'data-analysis',
    area: 'Data',
    tags: ['python', 'pandas', 'sql'],
    description:
      'Cleaning, querying and charting data with Python and SQL, mapped to the courses that teach it.',
    criteria: 'Complete the courses of the blueprint and its final practice test.',
    url: null,
    courses: ['Python for Data Analysis'],
    paths: ['Data Analyst Career Path'],
  },
];

/** Issuers, subject areas, badge classes and a few awards (the demo learner's, and one of another person). */
async function seedBadges(
  badges: BadgesService,
  topicId: DemoTopicIds,
  courses: Map<string, DemoCourse>,
  paths: Map<string, number>,
  people: { learner: number; others: readonly number[] },
) {
  const issuers = new Map<string, number>();
  for (const [name, url] of DEMO_ISSUERS) issuers.set(name, await badges.seedWriter.insertIssuer(name, url));
  const areas = new Map<string, number>();
  for (const name of DEMO_AREAS) areas.set(name, await badges.seedWriter.insertArea(name));
  const ids = new Map<string, number>();
  for (const badge of DEMO_BADGES) {
    const slug = badge.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const id = await badges.seedWriter.insertClass(
      {
        name: badge.name,
        imageId: `badge-${slug}`.slice(0, 80),
        description: badge.description,
        type: badge.type,
        tags: badge.tags,
        issuerId: issuers.get(badge.issuer)!,
        criteria: badge.criteria,
        topicId: topicId(badge.topic),
        certificationAreaId: areas.get(badge.area)!,
        externalUrl: badge.url,
        isActive: !badge.retired,
      },
      [
        ...(badge.courses ?? []).map((title) => ({ type: 'COURSE' as const, id: courses.get(title)!.id })),
        ...(badge.paths ?? []).map((title) => ({ type: 'LEARNING_PATH' as const, id: paths.get(title)! })),
      ],
    );
    ids.set(badge.name, id);
  }
  const award = (name: string, userId: number, issued: string, expires: string | null, n: number) => ({
    badgeClassId: ids.get(name)!,
    userId,
    issuedOn: new Date(issued),
    expiresAt: expires === null ? null : new Date(expires),
    externalUrl: DEMO_BADGES.find((badge) => badge.name === name)!.url
      ? `https://www.credly.com/badges/0d3c${String(n).padStart(4, '0')}-demo`
      : null,
  });
  await badges.seedWriter.insertAssertions([
    award(
      'AWS Certified Developer – Associate (DVA-C01)',
      people.learner,
      '2021-06-02T10:00:00Z',
      '2024-06-02T10:00:00Z',
      1,
    ),
    award(
      'AWS Certified Cloud Practitioner',
      people.learner,
      '2024-05-14T09:30:00Z',
      '2027-05-14T09:30:00Z',
      2,
    ),
    award('TypeScript Developer Blueprint', people.learner, '2025-11-20T16:00:00Z', null, 3),
    award(
      'Certified Kubernetes Administrator (CKA)',
      people.others[0]!,
      '2025-03-03T12:00:00Z',
      '2027-03-03T12:00:00Z',
      4,
    ),
  ]);
}

type InstructorName = (typeof DEMO_INSTRUCTORS)[number][0];

/** Labs: title, topics, instructors, minutes, description, outcomes, prerequisites, tasks. */
const DEMO_LABS: {
  title: string;
  topics: TopicSlug[];
  instructors: InstructorName[];
  minutes: [number, number];
  description: string;
  outcomes: string[];
  prerequisites: string[];
  tasks: string[];
}[] = [
  {
    title: 'Deploy a containerised web app with Docker Compose',
    topics: ['docker', 'devops'],
    instructors: ['Oliver Grant', 'Lucas Silva'],
    minutes: [45, 90],
    description:
      'Package a small API and its database as containers, wire them together with Compose and put a reverse proxy in front.',
    outcomes: [
      'Write a Dockerfile with a small, cached image',
      'Run several services with Docker Compose',
      'Pass configuration and secrets without baking them into images',
    ],
    prerequisites: ['Comfortable on the command line', 'Knows what an HTTP API is'],
    tasks: [
      'Write a Dockerfile for the API',
      'Add a PostgreSQL service to compose.yaml',
      'Wire environment variables and secrets',
      'Check the health endpoint through the proxy',
    ],
  },
  {
    title: 'Build a highly available network on AWS',
    topics: ['aws-certified-solutions-architect', 'cloud-computing'],
    instructors: ['Lucas Silva'],
    minutes: [60, 120],
    description:
      'Lay out a VPC across two availability zones with public and private subnets, a load balancer and an auto scaling group, then fail one zone.',
    outcomes: [
      'Design subnets and routing across availability zones',
      'Put an application behind a load balancer',
      'See a service survive the loss of a zone',
    ],
    prerequisites: ['AWS Cloud Practitioner level knowledge'],
    tasks: [
      'Create the VPC and its subnets',
      'Route the private subnets through NAT gateways',
      'Launch the auto scaling group behind a load balancer',
      'Simulate the loss of an availability zone',
    ],
  },
  {
    title: 'Troubleshoot a failing Kubernetes deployment',
    topics: ['kubernetes', 'devops'],
    instructors: ['Oliver Grant'],
    minutes: [30, 60],
    description:
      'A deployment will not become ready: read events, logs and probes to find three faults and fix them one by one.',
    outcomes: [
      'Read pod events and container logs',
      'Fix failing readiness and liveness probes',
      'Roll back a bad release',
    ],
    prerequisites: ['Knows what pods and deployments are', 'Has used kubectl'],
    tasks: [
      'Find why the pods are pending',
      'Fix the image pull error',
      'Repair the readiness probe',
      'Roll back the broken release',
    ],
  },
  {
    title: 'Query a sales database with window functions',
    topics: ['sql', 'postgresql'],
    instructors: ['Jonas Weber'],
    minutes: [30, 45],
    description:
      'Answer the questions a sales team asks every Monday: running totals, rankings and month-over-month growth, each in one query.',
    outcomes: [
      'Compute running totals and moving averages',
      'Rank rows within groups',
      'Compare each month with the previous one',
    ],
    prerequisites: ['Writes SELECT queries with joins and GROUP BY'],
    tasks: [
      'Compute each region’s running total',
      'Rank the top three products per month',
      'Measure month-over-month growth',
    ],
  },
  {
    title: 'Clean and chart city bike trips with pandas',
    topics: ['python', 'data-analysis'],
    instructors: ['Priya Raman'],
    minutes: [45, 75],
    description:
      'Load a month of bike-share trips, fix its messy columns, find the busiest stations and chart the daily rhythm of the city.',
    outcomes: ['Load and clean a real CSV file', 'Group and summarise with pandas', 'Chart a time series'],
    prerequisites: ['Python basics: lists, dictionaries, functions'],
    tasks: [
      'Load the trips and fix the column types',
      'Drop impossible trips',
      'Find the ten busiest stations',
      'Chart trips per hour of the day',
    ],
  },
  {
    title: 'Train and evaluate a classification model',
    topics: ['machine-learning', 'python'],
    instructors: ['Priya Raman'],
    minutes: [60, 90],
    description:
      'Predict which customers will churn: split the data honestly, train two models, choose a metric and read the confusion matrix.',
    outcomes: [
      'Split data without leaking the test set',
      'Compare models with cross-validation',
      'Choose a metric that fits the question',
    ],
    prerequisites: ['pandas basics', 'Some statistics'],
    tasks: [
      'Split the data into train and test sets',
      'Train a logistic regression baseline',
      'Train a gradient-boosted model',
      'Compare the models on recall',
    ],
  },
  {
    title: 'Harden a Linux web server',
    topics: ['linux', 'cybersecurity'],
    instructors: ['Amira Haddad'],
    minutes: [45, 60],
    description:
      'Take a freshly installed server from exposed to hardened: SSH keys only, a firewall, automatic updates and fail2ban.',
    outcomes: ['Lock SSH down to keys', 'Configure a host firewall', 'Keep packages patched automatically'],
    prerequisites: ['Linux command line basics'],
    tasks: [
      'Disable password logins over SSH',
      'Allow only HTTP, HTTPS and SSH through the firewall',
      'Turn on unattended upgrades',
      'Ban repeated failed logins',
    ],
  },
  {
    title: 'Capture and analyse suspicious network traffic',
    topics: ['network-security', 'ethical-hacking'],
    instructors: ['Amira Haddad'],
    minutes: [40, 70],
    description:
      'A workstation is talking to a server it should not know: capture its traffic, follow the streams and write up what happened.',
    outcomes: ['Capture traffic with tcpdump', 'Follow streams in Wireshark', 'Write a short incident note'],
    prerequisites: ['Knows TCP/IP basics'],
    tasks: [
      'Capture ten minutes of traffic',
      'Find the unusual destination',
      'Follow the stream and extract the payload',
      'Write the incident note',
    ],
  },
  {
    title: 'Migrate a JavaScript module to strict TypeScript',
    topics: ['typescript', 'javascript'],
    instructors: ['Maya Fernandes'],
    minutes: [30, 50],
    description:
      'Turn a small untyped module into strict TypeScript without changing what it does, one compiler error at a time.',
    outcomes: [
      'Add types to an existing module',
      'Replace any with unions and narrowing',
      'Turn on strict mode without breaking the build',
    ],
    prerequisites: ['Writes modern JavaScript'],
    tasks: [
      'Rename the module and add a tsconfig',
      'Type the public functions',
      'Replace any with unions and narrow them',
      'Turn on strict mode and fix what is left',
    ],
  },
  {
    title: 'Write infrastructure as code with Terraform',
    topics: ['devops', 'cloud-computing'],
    instructors: ['Lucas Silva', 'Oliver Grant'],
    minutes: [60, 90],
    description:
      'Describe a network, a database and a web server in Terraform, plan the change, apply it and then change it safely.',
    outcomes: ['Write Terraform modules', 'Read a plan before applying it', 'Keep state safe and shared'],
    prerequisites: ['Has used a cloud console'],
    tasks: [
      'Write the network module',
      'Add the database and the server',
      'Plan and apply',
      'Change the instance size without downtime',
    ],
  },
  {
    title: 'Build an accessible React form',
    topics: ['react', 'ux-design'],
    instructors: ['Kenji Sato', 'Maya Fernandes'],
    minutes: [30, 45],
    description:
      'Make a sign-up form that works with a keyboard and a screen reader: labels, errors announced in time and focus that goes where it should.',
    outcomes: [
      'Label every field',
      'Announce errors to assistive technology',
      'Manage focus after submitting',
    ],
    prerequisites: ['React components and state'],
    tasks: [
      'Label the fields and group the options',
      'Show errors next to their fields',
      'Announce the errors',
      'Move focus to the first error',
    ],
  },
];

/** Labs, with their tasks' ids by lab title (the learning objectives point at some). */
async function seedLabs(
  labs: LabsService,
  topicId: DemoTopicIds,
  instructors: readonly number[],
): Promise<Map<string, number[]>> {
  const instructorId = (name: InstructorName) =>
    instructors[DEMO_INSTRUCTORS.findIndex(([n]) => n === name)]!;
  const tasks = new Map<string, number[]>();
  for (const lab of DEMO_LABS) {
    const { taskIds } = await labs.seedWriter.insertLab(
      {
        title: lab.title,
        description: lab.description,
        learningOutcomes: lab.outcomes,
        prerequisites: lab.prerequisites,
        minEstimatedMinutes: lab.minutes[0],
        maxEstimatedMinutes: lab.minutes[1],
      },
      {
        tasks: lab.tasks,
        instructorIds: lab.instructors.map(instructorId),
        topicIds: lab.topics.map(topicId),
      },
    );
    tasks.set(lab.title, taskIds);
  }
  return tasks;
}

/** What an objective points at: lectures of a course's section, questions of its assessments, a lab's tasks. */
type ObjectiveSource =
  { lecturesOf: string; section: number } | { questionsOf: string; section: number } | { lab: string };

const DEMO_FRAMEWORKS: [string, [LearningObjectiveType, string, ObjectiveSource[]][]][] = [
  [
    'Lectern Skills Framework',
    [
      [
        'SKILL',
        'Narrow union types with type guards',
        [
          { lecturesOf: 'TypeScript from First Principles', section: 3 },
          { questionsOf: 'TypeScript from First Principles', section: 3 },
          { lab: 'Migrate a JavaScript module to strict TypeScript' },
        ],
      ],
      [
        'SKILL',
        'Write generic functions and mapped types',
        [
          { lecturesOf: 'TypeScript from First Principles', section: 4 },
          { questionsOf: 'TypeScript from First Principles', section: 4 },
        ],
      ],
      [
        'SKILL',
        'Containerise an application with Docker',
        [{ lab: 'Deploy a containerised web app with Docker Compose' }],
      ],
      [
        'SKILL',
        'Query data with window functions',
        [
          { lecturesOf: 'PostgreSQL for Application Developers', section: 2 },
          { lab: 'Query a sales database with window functions' },
        ],
      ],
      [
        'SKILL',
        'Reshape and summarise data with pandas',
        [
          { lecturesOf: 'Python for Data Analysis', section: 1 },
          { questionsOf: 'Python for Data Analysis', section: 1 },
          { lab: 'Clean and chart city bike trips with pandas' },
        ],
      ],
      [
        'KNOWLEDGE',
        'How the TypeScript type checker reasons about code',
        [
          { lecturesOf: 'TypeScript from First Principles', section: 1 },
          { questionsOf: 'TypeScript from First Principles', section: 1 },
        ],
      ],
      [
        'KNOWLEDGE',
        'The life of a Kubernetes pod',
        [
          { lecturesOf: 'Kubernetes for Operators', section: 1 },
          { lab: 'Troubleshoot a failing Kubernetes deployment' },
        ],
      ],
      [
        'KNOWLEDGE',
        'Network segmentation and intrusion detection',
        [
          { lecturesOf: 'Network Security Fundamentals', section: 1 },
          { lab: 'Capture and analyse suspicious network traffic' },
        ],
      ],
      [
        'ABILITY',
        'Troubleshoot a failing production service under time pressure',
        [
          { lab: 'Troubleshoot a failing Kubernetes deployment' },
          { lecturesOf: 'Incident Response Playbooks', section: 2 },
        ],
      ],
      [
        'ABILITY',
        'Explain a technical decision to people outside the field',
        [{ lecturesOf: 'Presenting with Confidence', section: 1 }],
      ],
    ],
  ],
  [
    'Cloud Practitioner Competencies',
    [
      [
        'KNOWLEDGE',
        'Availability zones, regions and failover',
        [
          { lecturesOf: 'Cloud Architecture Patterns', section: 3 },
          { lab: 'Build a highly available network on AWS' },
        ],
      ],
      [
        'SKILL',
        'Describe infrastructure in code',
        [
          { lecturesOf: 'Infrastructure as Code', section: 1 },
          { lab: 'Write infrastructure as code with Terraform' },
        ],
      ],
    ],
  ],
];

/** Skills frameworks and their learning objectives, pointing at lectures, questions and lab tasks. */
async function seedLearningObjectives(
  objectives: LearningObjectivesService,
  content: CourseContentService,
  courses: Map<string, DemoCourse>,
  labTasks: Map<string, number[]>,
) {
  const activitiesOf = async (
    source: ObjectiveSource,
  ): Promise<{ type: LearningActivityType; id: number }[]> => {
    if ('lab' in source) return labTasks.get(source.lab)!.map((id) => ({ type: 'LAB_TASK', id }));
    const course = courses.get('lecturesOf' in source ? source.lecturesOf : source.questionsOf)!;
    const items = await content.itemsOf([course.id]);
    const sectionIds = [...new Set(items.map((item) => item.sectionId))];
    const inSection = items.filter((item) => item.sectionId === sectionIds[source.section]);
    if ('lecturesOf' in source) {
      return inSection
        .filter((item) => item.type === 'LECTURE')
        .map((item) => ({ type: 'LECTURE', id: item.id }));
    }
    const questions = await content.seedWriter.questionsOf(
      inSection.filter((item) => item.type !== 'LECTURE').map((item) => item.id),
    );
    return questions.map((question) => ({ type: 'ASSESSMENT_QUESTION', id: question.id }));
  };
  for (const [framework, list] of DEMO_FRAMEWORKS) {
    const frameworkId = await objectives.seedWriter.insertFramework(framework);
    for (const [type, name, sources] of list) {
      const activities = (await Promise.all(sources.map(activitiesOf))).flat();
      await objectives.seedWriter.insertObjective({ frameworkId, type, name }, activities);
    }
  }
}

/** Supply-gap opportunities: course, subject, type, priority, level, audience, incentive, display rule. */
const DEMO_OPPORTUNITIES: [
  string,
  string,
  OpportunityType,
  OpportunityPriority,
  OpportunityLevel,
  string,
  boolean,
  string,
][] = [
  [
    'TypeScript from First Principles',
    'TypeScript',
    'TRENDING',
    'HIGH',
    'BEGINNER',
    'JavaScript developers moving a codebase to TypeScript',
    true,
    'ALWAYS',
  ],
  [
    'Rust for Systems Programmers',
    'Rust',
    'FIRST_MOVER',
    'HIGH',
    'EXPERT',
    'C and C++ programmers writing safer systems code',
    true,
    'ALWAYS',
  ],
  [
    'Machine Learning Foundations',
    'Machine learning',
    'TRENDING',
    'MEDIUM',
    'INTERMEDIATE',
    'Analysts and developers starting with machine learning',
    false,
    'ALWAYS',
  ],
  [
    'PostgreSQL for Application Developers',
    'PostgreSQL',
    'SPECIALIZED',
    'MEDIUM',
    'INTERMEDIATE',
    'Application developers who write their own SQL',
    false,
    'NEW_INSTRUCTORS',
  ],
  [
    'Kubernetes for Operators',
    'Kubernetes operations',
    'TRENDING',
    'HIGH',
    'INTERMEDIATE',
    'Operators and SREs running clusters in production',
    true,
    'ALWAYS',
  ],
  [
    'Infrastructure as Code',
    'Terraform',
    'TRENDING',
    'MEDIUM',
    'ALL_LEVELS',
    'Engineers managing cloud infrastructure by hand today',
    false,
    'ALWAYS',
  ],
  [
    'Incident Response Playbooks',
    'Incident response',
    'SPECIALIZED',
    'LOW',
    'ANY_LEVEL',
    'On-call engineers and their managers',
    false,
    'NEW_INSTRUCTORS',
  ],
  [
    'Negociación eficaz para profesionales',
    'Negociación',
    'FIRST_MOVER',
    'MEDIUM',
    'INTERMEDIATE',
    'Profesionales que negocian con clientes y proveedores',
    true,
    'ALWAYS',
  ],
  [
    'Designing Accessible Interfaces',
    'Accessibility',
    'SPECIALIZED',
    'HIGH',
    'ALL_LEVELS',
    'Designers and frontend developers',
    true,
    'ALWAYS',
  ],
  [
    'Growth Experiments',
    'Growth marketing',
    'FIRST_MOVER',
    'LOW',
    'EXPERT',
    'Marketers running experiments at a startup',
    false,
    'NEW_INSTRUCTORS',
  ],
  [
    'Electronic Music Production',
    'Ableton Live',
    'TRENDING',
    'LOW',
    'BEGINNER',
    'Musicians producing their first tracks at home',
    false,
    'ALWAYS',
  ],
  [
    '風景写真の撮り方入門',
    '風景写真',
    'SPECIALIZED',
    'MEDIUM',
    'BEGINNER',
    '風景写真を始めたい初心者',
    false,
    'ALWAYS',
  ],
];

async function seedSupplyGaps(supplyGaps: SupplyGapsService, courses: Map<string, DemoCourse>) {
  await supplyGaps.seedWriter.insertMany(
    DEMO_OPPORTUNITIES.map(
      ([title, subject, opportunityType, priorityLevel, level, audience, incentive, displayRule]) => {
        const course = courses.get(title)!;
        return {
          courseId: course.id,
          courseLanguage: course.locale,
          domain: DEMO_CATEGORIES.find((category) => category.slug === course.category)!.title,
          subject,
          opportunityType,
          priorityLevel,
          courseInstructionalLevel: level,
          intendedAudience: audience,
          keyContent: descriptionPhrases(course.description, course.locale),
          isFinancialIncentiveEligible: incentive,
          displayRule,
        };
      },
    ),
  );
}

/**
 * The rest of the learning data graph's demo (platform §7), written through the features'
 * services inside the seed's transaction, deterministically: more topics, their groups and the
 * demo learner's interests; occupations and the learner's occupation info; a curriculum for
 * every course; learning paths; badges with the learner's awards, enrolments and progress;
 * labs; skills frameworks and learning objectives; supply-gap opportunities. `others`: further
 * demo people who take part (enrolments, one award); `instructors`: the demo instructors' ids in
 * the order of DEMO_INSTRUCTORS.
 */
export async function seedDemoLearningCatalog(
  db: Database,
  ids: {
    learner: number;
    others: readonly number[];
    instructors: readonly number[];
    courses: readonly { id: number; slug: string }[];
  },
): Promise<void> {
  const people = { learner: ids.learner, others: ids.others };
  const topics = createTopicsService(db);
  const topicId = await seedTopics(topics, ids.learner);
  await seedOccupations(createOccupationsService(db), topicId, ids.learner);
  const courses = demoCourses(ids.courses);
  const content = createCourseContentService({ db, catalog: createCatalogService(db) });
  await seedCurricula(db, content, courses);
  await seedLearnerProgress(db, content, courses, ids.learner);
  const learningPaths = createLearningPathsService({ db, topics });
  const paths = await seedLearningPaths(learningPaths, topicId, courses, people);
  const badges = createBadgesService({
    db,
    topics,
    orders: createOrdersService(db),
    learningPaths,
    courseContent: content,
  });
  await seedBadges(badges, topicId, courses, paths, people);
  const labTasks = await seedLabs(createLabsService(db), topicId, ids.instructors);
  await seedLearningObjectives(createLearningObjectivesService(db), content, courses, labTasks);
  await seedSupplyGaps(createSupplyGapsService({ db, catalog: createCatalogService(db) }), courses);
}
