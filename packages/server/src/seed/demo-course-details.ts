import type { InstructionalLevel } from '@lectern/domain';

/**
 * What the demo catalog says about each course beyond its title (search reads all of it):
 * a description (whose first sentence is its tagline), the level it is for, and for the few
 * courses taught in another language their locale, their headline in that language and, where
 * the title has no Latin letters, a slug. Keyed by the titles of demo-catalog.ts.
 */
export interface DemoCourseDetails {
  description: string;
  level: InstructionalLevel;
  /** `en_US` unless given. */
  locale?: string;
  headline?: string;
  slug?: string;
}

export const DEMO_COURSE_DETAILS: Record<string, DemoCourseDetails> = {
  // Development
  'TypeScript from First Principles': {
    level: 'BEGINNER',
    description:
      'Learn how the type checker reasons about your code: structural typing, unions and narrowing, generics and mapped types. You finish by migrating a small JavaScript project to strict mode without losing a weekend.',
  },
  'Modern React with Hooks and Suspense': {
    level: 'INTERMEDIATE',
    description:
      'Build interfaces from components, state and effects, then load data with Suspense and transitions. Covers custom hooks, forms, context and the rendering model behind them.',
  },
  'Node.js Services that Scale': {
    level: 'EXPERT',
    description:
      'Design HTTP services that stay fast under load: the event loop, streams, connection pools, back-pressure and graceful shutdown. Includes profiling a real service and fixing its slowest endpoint.',
  },
  'Python for Data Analysis': {
    level: 'BEGINNER',
    description:
      'Clean, reshape and summarise data with pandas and NumPy, then chart it. Every lesson works on a public dataset, from city bike trips to weather records.',
  },
  'PostgreSQL for Application Developers': {
    level: 'INTERMEDIATE',
    description:
      'Write the SQL your application really needs: joins, window functions, indexes that queries actually use, transactions and locking. Read query plans with EXPLAIN and make slow pages fast.',
  },
  'Rust for Systems Programmers': {
    level: 'EXPERT',
    description:
      'Ownership, borrowing and lifetimes explained through systems code: a memory allocator, a concurrent queue and a command-line tool. For programmers who already know C or C++.',
  },
  'Machine Learning Foundations': {
    level: 'INTERMEDIATE',
    description:
      'Regression, classification and clustering from the mathematics up, with scikit-learn for the practice. Learn to split data honestly, pick metrics and spot overfitting.',
  },
  'Testing JavaScript Applications': {
    level: 'ALL_LEVELS',
    description:
      'Write tests that catch real bugs: unit tests with Vitest, component tests, end-to-end tests in a browser and contract tests for APIs. Learn when a mock helps and when it lies.',
  },
  // Business
  'Starting a Business on a Budget': {
    level: 'BEGINNER',
    description:
      'Turn an idea into a first paying customer without a loan: validate demand, price your offer, register the company and keep the books simple.',
  },
  'Project Management Essentials': {
    level: 'BEGINNER',
    description:
      'Plan scope, schedule and budget, run the kickoff and keep stakeholders informed. Compares waterfall, Scrum and Kanban with templates you can reuse.',
  },
  'Negociación eficaz para profesionales': {
    level: 'INTERMEDIATE',
    locale: 'es_ES',
    headline: 'Un curso práctico con casos reales: prepara, negocia y cierra mejores acuerdos.',
    description:
      'Aprende a preparar cada negociación, a descubrir los intereses de la otra parte y a cerrar acuerdos duraderos. Practicarás negociaciones salariales, con proveedores y con clientes difíciles.',
  },
  'Financial Modeling in Spreadsheets': {
    level: 'INTERMEDIATE',
    description:
      'Build a three-statement model from scratch: revenue drivers, cash flow, scenarios and a discounted cash flow valuation, in a workbook others can audit.',
  },
  'Leading Remote Teams': {
    level: 'ALL_LEVELS',
    description:
      'Hire, onboard and lead people you rarely meet: asynchronous communication, meetings that earn their time, trust across time zones and healthy working hours.',
  },
  'Business Writing for Busy People': {
    level: 'ALL_LEVELS',
    description:
      'Write emails, reports and proposals that get read and acted on. Put the request first, cut jargon and structure a memo in five minutes.',
  },
  'Product Management Fundamentals': {
    level: 'BEGINNER',
    description:
      'Discover what customers need, write a roadmap, prioritise a backlog and measure outcomes. Learn how product managers work with engineering and design every day.',
  },
  'Presenting with Confidence': {
    level: 'ALL_LEVELS',
    description:
      'Structure a talk around one message, design clear slides and handle nerves and tough questions. Rehearsal exercises with video feedback.',
  },
  // Design
  'Typography for Screens': {
    level: 'BEGINNER',
    description:
      'Choose and pair typefaces, set line length, spacing and hierarchy, and make text comfortable to read on every screen size. Includes variable fonts.',
  },
  'User Experience Research Methods': {
    level: 'INTERMEDIATE',
    description:
      'Plan interviews, usability tests and surveys, recruit participants and turn observations into findings a team will act on.',
  },
  'Designing Accessible Interfaces': {
    level: 'INTERMEDIATE',
    description:
      'Design for everyone: contrast, focus order, screen readers, captions and motion. Learn the WCAG success criteria by fixing real interfaces.',
  },
  'Color Theory for Designers': {
    level: 'BEGINNER',
    description:
      'Hue, value and saturation, harmonies and contrast, and how to build a palette that works for brands, charts and dark mode.',
  },
  'Figma from Zero to Prototype': {
    level: 'BEGINNER',
    description:
      'Frames, auto layout, components and variants, then an interactive prototype you can put in front of users. No design experience needed.',
  },
  'Logo Design Workshop': {
    level: 'INTERMEDIATE',
    description:
      'From brief to final mark: research, sketching, vector drawing and presenting logo concepts to a client, with three complete projects.',
  },
  'Design Systems in Practice': {
    level: 'EXPERT',
    description:
      'Build and maintain a design system: tokens, component libraries, documentation, versioning and the governance that keeps product teams using it.',
  },
  'Ilustração digital para iniciantes': {
    level: 'BEGINNER',
    locale: 'pt_BR',
    headline: 'Um curso prático com projetos: do primeiro rabisco à ilustração finalizada.',
    description:
      'Aprenda a desenhar no tablet, usar camadas e pincéis, montar paletas de cores e criar personagens. Você vai finalizar ilustrações para livros infantis e redes sociais.',
  },
  // IT & Software
  'Linux Command Line Mastery': {
    level: 'BEGINNER',
    description:
      'Move around the shell with confidence: files and permissions, pipes and redirection, processes, package managers and your first Bash scripts.',
  },
  'Network Security Fundamentals': {
    level: 'BEGINNER',
    description:
      'How attacks on networks work and how to stop them: firewalls, VPNs, TLS, intrusion detection and segmenting a small office network.',
  },
  'Cloud Architecture Patterns': {
    level: 'EXPERT',
    description:
      'Design systems for the cloud: load balancing, queues, caching, multi-region failover and the cost of each choice, with diagrams for every pattern.',
  },
  'Kubernetes for Operators': {
    level: 'EXPERT',
    description:
      'Run Kubernetes clusters in production: deployments, services, ingress, autoscaling, upgrades and troubleshooting pods that will not start.',
  },
  'Ethical Hacking Introduction': {
    level: 'BEGINNER',
    description:
      'Think like an attacker, legally: reconnaissance, scanning, exploiting a practice lab and writing a penetration test report.',
  },
  'Windows Server Administration': {
    level: 'INTERMEDIATE',
    description:
      'Install and manage Windows Server: Active Directory, group policy, DNS, file shares, backups and PowerShell automation.',
  },
  'Infrastructure as Code': {
    level: 'INTERMEDIATE',
    description:
      'Describe servers, networks and databases in code with Terraform, review changes before they apply and keep environments identical.',
  },
  'Incident Response Playbooks': {
    level: 'EXPERT',
    description:
      'Prepare for the outage at three in the morning: on-call rotations, runbooks, communication during an incident and blameless postmortems.',
  },
  // Marketing
  'Search Engine Optimization Today': {
    level: 'BEGINNER',
    description:
      'Get found on search engines: keyword research, page structure, site speed, links and measuring organic traffic without tricks that backfire.',
  },
  'Email Marketing that Converts': {
    level: 'INTERMEDIATE',
    description:
      'Grow a mailing list, write newsletters people open, automate welcome sequences and test subject lines, within privacy law.',
  },
  'Content Strategy Workshop': {
    level: 'INTERMEDIATE',
    description:
      'Plan content that serves an audience and a business goal: personas, editorial calendars, formats and measuring what each piece achieves.',
  },
  'Social Media Marketing Plan': {
    level: 'BEGINNER',
    description:
      'Pick the right platforms, plan a month of posts, grow a community and read the analytics that matter for a small brand.',
  },
  'Brand Building for Small Teams': {
    level: 'ALL_LEVELS',
    description:
      'Define positioning, voice and visual identity on a small budget, and keep the brand consistent as the team grows.',
  },
  'Marketing Analytics': {
    level: 'EXPERT',
    description:
      'Measure campaigns properly: attribution models, cohorts, funnels, A/B tests and dashboards that answer a business question.',
  },
  'Copywriting Essentials': {
    level: 'BEGINNER',
    description:
      'Write headlines, landing pages and ads that persuade: benefits over features, clear calls to action and editing for rhythm.',
  },
  'Growth Experiments': {
    level: 'INTERMEDIATE',
    description:
      'Run a growth process: find levers, form hypotheses, design experiments, size samples and decide from the results.',
  },
  // Personal Development
  'Deep Work and Focus': {
    level: 'ALL_LEVELS',
    description:
      'Protect long stretches of concentration: plan your day around focus blocks, tame notifications and build a shutdown ritual.',
  },
  'Finanças pessoais sem complicação': {
    level: 'BEGINNER',
    locale: 'pt_BR',
    headline: 'Um curso prático para organizar o orçamento, sair das dívidas e começar a investir.',
    description:
      'Monte um orçamento mensal, crie uma reserva de emergência, quite dívidas do cartão de crédito e dê os primeiros passos nos investimentos, com planilhas prontas para usar.',
  },
  'Career Planning for Engineers': {
    level: 'INTERMEDIATE',
    description:
      'Choose between the management and technical tracks, prepare for promotions, negotiate offers and build a portfolio of visible work.',
  },
  'Public Speaking Practice': {
    level: 'BEGINNER',
    description:
      'Speak in front of any audience: breathing, voice, storytelling and body language, practised in short weekly exercises.',
  },
  'Learning How to Learn': {
    level: 'ALL_LEVELS',
    description:
      'Study with methods backed by research: spaced repetition, retrieval practice, interleaving and sleep, applied to any subject.',
  },
  'Time Management Systems': {
    level: 'ALL_LEVELS',
    description:
      'Capture tasks, plan weeks and say no with a system you trust, from time blocking to the weekly review.',
  },
  'Mindful Leadership': {
    level: 'INTERMEDIATE',
    description:
      'Lead with attention and calm: meditation practices, difficult conversations and building teams where people feel safe to speak up.',
  },
  'Writing a Standout Resume': {
    level: 'BEGINNER',
    description:
      'Write a resume and cover letter recruiters remember: achievements with numbers, a layout that passes applicant tracking systems and a LinkedIn profile to match.',
  },
  // Photography & Video
  'Photography Composition': {
    level: 'BEGINNER',
    description:
      'Frame better pictures with any camera: the rule of thirds, leading lines, negative space, perspective and when to break each rule.',
  },
  'Portrait Lighting': {
    level: 'INTERMEDIATE',
    description:
      'Light faces with one, two and three lights, with a reflector or a window: Rembrandt, butterfly and split lighting, in the studio and on location.',
  },
  'Video Editing Workflow': {
    level: 'INTERMEDIATE',
    description:
      'Edit faster in DaVinci Resolve or Premiere: organising footage, cutting for story, sound, titles and exporting for every platform.',
  },
  'Smartphone Filmmaking': {
    level: 'BEGINNER',
    description:
      'Shoot cinematic video on a phone: stabilisation, manual exposure, audio, lighting on a budget and editing on the device.',
  },
  風景写真の撮り方入門: {
    level: 'BEGINNER',
    locale: 'ja_JP',
    slug: 'fukei-shashin-nyumon',
    headline: '構図と光の読み方から、山や海の絶景を撮る実践的な講座です。',
    description:
      '朝焼けや夕焼けの光を生かす撮影計画、三脚と長時間露光、NDフィルターの使い方を学びます。山、海、星空の作例を RAW 現像まで解説します。',
  },
  'Color Grading Basics': {
    level: 'INTERMEDIATE',
    description:
      'Correct and grade footage: scopes, white balance, matching shots, creating a look and exporting LUTs.',
  },
  'Product Photography at Home': {
    level: 'BEGINNER',
    description:
      'Photograph products for an online shop with a kitchen-table studio: backdrops, diffused light, reflections and retouching.',
  },
  'Documentary Storytelling': {
    level: 'EXPERT',
    description:
      'Find a story in real life and tell it: research, interviews, shooting verité scenes and structuring a short documentary in the edit.',
  },
  // Music
  'Guitarra para principiantes': {
    level: 'BEGINNER',
    locale: 'es_ES',
    headline: 'Un curso práctico para tocar tus primeras canciones desde el primer día.',
    description:
      'Aprende a afinar la guitarra, tocar acordes abiertos, ritmos rasgueados y tus primeras canciones completas. Incluye ejercicios diarios de diez minutos para ganar soltura.',
  },
  'Music Theory Made Simple': {
    level: 'BEGINNER',
    description:
      'Read notes, understand scales, intervals, chords and keys, and hear why progressions work, with ear training in every lesson.',
  },
  'Home Recording Studio': {
    level: 'INTERMEDIATE',
    description:
      'Set up a room, choose microphones and an audio interface, and record vocals and instruments that sound professional.',
  },
  'Piano Chords and Progressions': {
    level: 'BEGINNER',
    description:
      'Play the chords behind pop, jazz and gospel songs: voicings, inversions, seventh chords and accompanying a singer.',
  },
  'Mixing and Mastering': {
    level: 'EXPERT',
    description:
      'Balance a mix with equalisers, compressors, reverb and automation, then master it loud and clean for streaming services.',
  },
  'Songwriting Workshop': {
    level: 'ALL_LEVELS',
    description:
      'Write melodies, lyrics and song structures, finish songs instead of abandoning them and co-write with others.',
  },
  'Singing with Confidence': {
    level: 'ALL_LEVELS',
    description:
      'Breathing, pitch, range and tone: healthy vocal technique with daily warm-ups, for the shower or the stage.',
  },
  'Electronic Music Production': {
    level: 'INTERMEDIATE',
    description:
      'Produce tracks in Ableton Live: drum programming, synthesizers, sampling, arrangement and sound design.',
  },
};

/** Day the demo catalog opened; every course went live after it. */
const CATALOG_OPENED = Date.UTC(2021, 2, 1);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The columns of a demo course that its details decide, for the course at this seed
 * position: its details, and a publication date spread over about four years (fixed, so the
 * "newest" order is the same on every machine). Only the keys a course has are present.
 */
export function demoCourseFacts(title: string, index: number) {
  const details = DEMO_COURSE_DETAILS[title];
  if (!details) throw new Error(`The demo course "${title}" has no details in demo-course-details.ts.`);
  const { level, locale, headline, slug, description } = details;
  return {
    description,
    // The tagline is the course's own copy: its given headline, else the description's first sentence.
    headline: headline ?? description.split(/(?<=\.)\s/)[0]!,
    instructionalLevel: level,
    publishedAt: new Date(CATALOG_OPENED + ((index * 389) % 1460) * DAY_MS),
    ...(locale ? { locale } : {}),
    ...(slug ? { slug } : {}),
  };
}
