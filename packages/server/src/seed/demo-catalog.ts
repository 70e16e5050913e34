/**
 * Demo catalog: 8 categories × 8 courses, a few of them taught in Spanish, Portuguese or
 * Japanese (demo-course-details.ts says which, and what each course is about). Ratings,
 * subscriber counts, lengths and price tiers are derived deterministically from each course's
 * position, so the seed is the same on every machine.
 */
export interface DemoCategory {
  slug: string;
  title: string;
  subcategories: string[];
  courses: string[];
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    slug: 'development',
    title: 'Development',
    subcategories: ['Web Development', 'Programming Languages', 'Data Science'],
    courses: [
      'TypeScript from First Principles',
      'Modern React with Hooks and Suspense',
      'Node.js Services that Scale',
      'Python for Data Analysis',
      'PostgreSQL for Application Developers',
      'Rust for Systems Programmers',
      'Machine Learning Foundations',
      'Testing JavaScript Applications',
    ],
  },
  {
    slug: 'business',
    title: 'Business',
    subcategories: ['Entrepreneurship', 'Management', 'Communication'],
    courses: [
      'Starting a Business on a Budget',
      'Project Management Essentials',
      'Negociación eficaz para profesionales',
      'Financial Modeling in Spreadsheets',
      'Leading Remote Teams',
      'Business Writing for Busy People',
      'Product Management Fundamentals',
      'Presenting with Confidence',
    ],
  },
  {
    slug: 'design',
    title: 'Design',
    subcategories: ['Graphic Design', 'User Experience', 'Web Design'],
    courses: [
      'Typography for Screens',
      'User Experience Research Methods',
      'Designing Accessible Interfaces',
      'Color Theory for Designers',
      'Figma from Zero to Prototype',
      'Logo Design Workshop',
      'Design Systems in Practice',
      'Ilustração digital para iniciantes',
    ],
  },
  {
    slug: 'it-and-software',
    title: 'IT & Software',
    subcategories: ['Network & Security', 'Operating Systems', 'IT Certifications'],
    courses: [
      'Linux Command Line Mastery',
      'Network Security Fundamentals',
      'Cloud Architecture Patterns',
      'Kubernetes for Operators',
      'Ethical Hacking Introduction',
      'Windows Server Administration',
      'Infrastructure as Code',
      'Incident Response Playbooks',
    ],
  },
  {
    slug: 'marketing',
    title: 'Marketing',
    subcategories: ['Digital Marketing', 'Content Marketing', 'Branding'],
    courses: [
      'Search Engine Optimization Today',
      'Email Marketing that Converts',
      'Content Strategy Workshop',
      'Social Media Marketing Plan',
      'Brand Building for Small Teams',
      'Marketing Analytics',
      'Copywriting Essentials',
      'Growth Experiments',
    ],
  },
  {
    slug: 'personal-development',
    title: 'Personal Development',
    subcategories: ['Productivity', 'Career Development', 'Personal Finance'],
    courses: [
      'Deep Work and Focus',
      'Finanças pessoais sem complicação',
      'Career Planning for Engineers',
      'Public Speaking Practice',
      'Learning How to Learn',
      'Time Management Systems',
      'Mindful Leadership',
      'Writing a Standout Resume',
    ],
  },
  {
    slug: 'photography',
    title: 'Photography & Video',
    subcategories: ['Digital Photography', 'Video Design', 'Photography Tools'],
    courses: [
      'Photography Composition',
      'Portrait Lighting',
      'Video Editing Workflow',
      'Smartphone Filmmaking',
      '風景写真の撮り方入門',
      'Color Grading Basics',
      'Product Photography at Home',
      'Documentary Storytelling',
    ],
  },
  {
    slug: 'music',
    title: 'Music',
    subcategories: ['Instruments', 'Music Production', 'Music Fundamentals'],
    courses: [
      'Guitarra para principiantes',
      'Music Theory Made Simple',
      'Home Recording Studio',
      'Piano Chords and Progressions',
      'Mixing and Mastering',
      'Songwriting Workshop',
      'Singing with Confidence',
      'Electronic Music Production',
    ],
  },
];

export const DEMO_INSTRUCTORS = [
  ['Maya Fernandes', 'Staff Software Engineer'],
  ['Jonas Weber', 'Database Consultant'],
  ['Priya Raman', 'Data Scientist'],
  ['Tom Okafor', 'Startup Founder'],
  ['Lucía Martín', 'Product Director'],
  ['Kenji Sato', 'Interaction Designer'],
  ['Amira Haddad', 'Security Engineer'],
  ['Oliver Grant', 'Site Reliability Engineer'],
  ['Sofia Rossi', 'Marketing Strategist'],
  ['Daniel Kim', 'Career Coach'],
  ['Elena Petrova', 'Photographer'],
  ['Marcus Johnson', 'Film Editor'],
  ['Chloé Dubois', 'Composer'],
  ['Ravi Iyer', 'Music Producer'],
  ['Hannah Schmidt', 'Finance Educator'],
  ['Lucas Silva', 'Cloud Architect'],
] as const;

/** Price tiers in US cents; every other currency is derived from these (see demo-prices.ts). */
export const DEMO_PRICE_TIERS_USD: { name: string; usdCents: number }[] = [
  { name: 'Free', usdCents: 0 },
  { name: 'Tier 1', usdCents: 1999 },
  { name: 'Tier 2', usdCents: 2999 },
  { name: 'Tier 3', usdCents: 4999 },
  { name: 'Tier 4', usdCents: 8499 },
  { name: 'Tier 5', usdCents: 10999 },
  { name: 'Tier 6', usdCents: 14999 },
  { name: 'Tier 7', usdCents: 19999 },
];
