import type { CurriculumItemType } from '@lectern/domain';

/**
 * Curricula for the demo catalog, made from each course's title and description so every course
 * has believable sections, lectures and assessments, the same on every machine: the
 * description's phrases ("structural typing, unions and narrowing, generics…") become the
 * sections, each with lectures, and a quiz, coding exercise or assignment; the course opens with
 * a welcome and closes with a project (and, for some, a practice test). Courses taught in
 * Spanish, Portuguese or Japanese get their scaffolding in that language.
 */
export interface DemoCurriculumItem {
  type: CurriculumItemType;
  title: string;
  durationSeconds?: number;
  isBeta?: boolean;
  codingLanguage?: string;
  /** Assessments only: the questions' prompts. */
  questions?: string[];
}
export interface DemoCurriculumSection {
  title: string;
  items: DemoCurriculumItem[];
}

interface Words {
  intro: string;
  /** Sections for a course whose description gives too few phrases. */
  fallbacks: string[];
  welcome: (title: string) => string;
  introLectures: string[];
  lectures: ((phrase: string) => string)[];
  quiz: (phrase: string) => string;
  coding: (phrase: string) => string;
  assignment: (phrase: string) => string;
  questions: ((phrase: string) => string)[];
  tests: string[];
  briefs: string[];
  project: string;
  projectLectures: string[];
  practiceTest: string;
  finalQuestions: string[];
}

const ENGLISH: Words = {
  intro: 'Getting started',
  fallbacks: ['Core ideas', 'Hands-on practice', 'Going further'],
  welcome: (title) => `Welcome to ${title}`,
  introLectures: ['How this course works', 'Setting up your workspace'],
  lectures: [
    (p) => `${p}: the big picture`,
    (p) => `${p}, step by step`,
    (p) => `${p} in a real example`,
    () => 'Common mistakes and how to avoid them',
  ],
  quiz: (p) => `Quiz: ${lower(p)}`,
  coding: (p) => `Coding exercise: ${lower(p)}`,
  assignment: (p) => `Assignment: put ${lower(p)} into practice`,
  questions: [
    (p) => `Which statement about ${lower(p)} is true?`,
    (p) => `What problem does ${lower(p)} solve?`,
    (p) => `Which example shows ${lower(p)} done well?`,
    () => 'What would you change first in this example?',
    () => 'Which of these is a common mistake?',
  ],
  tests: [
    'Handles the example input',
    'Handles an empty input',
    'Handles a large input',
    'Keeps the input unchanged',
  ],
  briefs: ['Describe your plan', 'Explain one decision you made', 'Review a classmate’s answer'],
  project: 'Course project',
  projectLectures: [
    'Planning the project',
    'Building the project',
    'Reviewing the result',
    'Where to go from here',
  ],
  practiceTest: 'Final practice test',
  finalQuestions: ['Scenario 1', 'Scenario 2', 'Scenario 3', 'Scenario 4', 'Scenario 5', 'Scenario 6'].map(
    (s) => `${s}: choose the best approach`,
  ),
};

const SPANISH: Words = {
  intro: 'Primeros pasos',
  fallbacks: ['Ideas clave', 'Práctica guiada', 'Para ir más allá'],
  welcome: (title) => `Bienvenida a ${title}`,
  introLectures: ['Cómo funciona este curso', 'Prepara tu espacio de trabajo'],
  lectures: [
    (p) => `${p}: la idea general`,
    (p) => `${p}, paso a paso`,
    (p) => `${p} en un caso real`,
    () => 'Errores frecuentes',
  ],
  quiz: (p) => `Cuestionario: ${lower(p)}`,
  coding: (p) => `Ejercicio de código: ${lower(p)}`,
  assignment: (p) => `Tarea: ${lower(p)}`,
  questions: [
    (p) => `¿Qué afirmación sobre ${lower(p)} es correcta?`,
    () => '¿Qué harías primero en este caso?',
    () => '¿Cuál de estos es un error frecuente?',
  ],
  tests: ['Caso de ejemplo', 'Entrada vacía', 'Entrada grande'],
  briefs: ['Describe tu plan', 'Explica una decisión', 'Comenta la respuesta de un compañero'],
  project: 'Proyecto del curso',
  projectLectures: ['Planifica el proyecto', 'Desarrolla el proyecto', 'Próximos pasos'],
  practiceTest: 'Examen de práctica final',
  finalQuestions: ['Caso 1', 'Caso 2', 'Caso 3', 'Caso 4', 'Caso 5'].map(
    (s) => `${s}: elige el mejor enfoque`,
  ),
};

const PORTUGUESE: Words = {
  intro: 'Primeiros passos',
  fallbacks: ['Ideias principais', 'Prática guiada', 'Indo além'],
  welcome: (title) => `Boas-vindas a ${title}`,
  introLectures: ['Como este curso funciona', 'Prepare seu espaço de trabalho'],
  lectures: [
    (p) => `${p}: a visão geral`,
    (p) => `${p}, passo a passo`,
    (p) => `${p} em um exemplo real`,
    () => 'Erros comuns',
  ],
  quiz: (p) => `Questionário: ${lower(p)}`,
  coding: (p) => `Exercício de código: ${lower(p)}`,
  assignment: (p) => `Tarefa: ${lower(p)}`,
  questions: [
    (p) => `Qual afirmação sobre ${lower(p)} está correta?`,
    () => 'O que você faria primeiro neste caso?',
    () => 'Qual destes é um erro comum?',
  ],
  tests: ['Caso de exemplo', 'Entrada vazia', 'Entrada grande'],
  briefs: ['Descreva seu plano', 'Explique uma decisão', 'Comente a resposta de um colega'],
  project: 'Projeto do curso',
  projectLectures: ['Planejando o projeto', 'Construindo o projeto', 'Próximos passos'],
  practiceTest: 'Simulado final',
  finalQuestions: ['Caso 1', 'Caso 2', 'Caso 3', 'Caso 4', 'Caso 5'].map(
    (s) => `${s}: escolha a melhor abordagem`,
  ),
};

const JAPANESE: Words = {
  intro: 'はじめに',
  fallbacks: ['基本の考え方', '実践', 'さらに先へ'],
  welcome: (title) => `「${title}」へようこそ`,
  introLectures: ['このコースの進め方', '準備するもの'],
  lectures: [
    (p) => `${p}の全体像`,
    (p) => `${p}をステップごとに`,
    (p) => `${p}の作例`,
    () => 'よくある失敗と対策',
  ],
  quiz: (p) => `クイズ: ${p}`,
  coding: (p) => `コーディング演習: ${p}`,
  assignment: (p) => `課題: ${p}`,
  questions: [
    (p) => `${p}について正しいものはどれですか?`,
    () => 'この場面で最初に見直す点は?',
    () => 'よくある失敗はどれですか?',
  ],
  tests: ['作例の入力', '空の入力', '大きな入力'],
  briefs: ['撮影計画を書く', '選んだ設定を説明する', '他の受講生の作品にコメントする'],
  project: '仕上げのプロジェクト',
  projectLectures: ['撮影計画を立てる', '撮影と現像', '次のステップ'],
  practiceTest: '模擬試験',
  finalQuestions: ['問題1', '問題2', '問題3', '問題4', '問題5'],
};

const WORDS: Record<string, Words> = { es: SPANISH, pt: PORTUGUESE, ja: JAPANESE };

const lower = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A small deterministic hash (FNV-1a), for choices that look varied but never change. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

// Lead-ins that make a phrase of the description read as a sentence rather than a subject.
const LEAD_INS =
  /^(?:learn (?:to |how to |how )?|you (?:finish|end) by |you will |includes? |covers |compares |build |write |design |plan |use |then |and |with |from |every lesson |aprende a |practicarás |aprenda a |)/i;

/** The phrases of a description that can title a section: a few words each, at most six of them. */
export function descriptionPhrases(description: string, locale: string): string[] {
  const parts = locale.startsWith('ja')
    ? description.split(/[、。]/u)
    : description.split(/[.:;!?]|,\s*(?:and |then |e |y )?|\s(?:then|and then)\s/u);
  const phrases: string[] = [];
  for (const part of parts) {
    const phrase = part.trim().replace(LEAD_INS, '').replace(LEAD_INS, '').trim();
    const words = phrase.split(/\s+/u).length;
    const fits = locale.startsWith('ja')
      ? phrase.length >= 4 && phrase.length <= 30
      : words >= 2 && words <= 8;
    if (fits && !phrases.includes(phrase)) phrases.push(capitalize(phrase));
  }
  return phrases.slice(0, 6);
}

/** The coding exercises' language (a platform §3 language version) of a development course, from its title. */
export function demoCodingLanguage(title: string): string | null {
  const rules: [RegExp, string][] = [
    [/react/i, 'REACT18'],
    [/typescript|javascript|node\.js/i, 'JS_ES6'],
    [/machine learning/i, 'PY_SCIENTIFIC'],
    [/python/i, 'PY3_10'],
    [/postgresql|sql/i, 'SQL'],
    [/marketing analytics/i, 'PY_CSV'],
  ];
  return rules.find(([pattern]) => pattern.test(title))?.[1] ?? null;
}

/** The curriculum of one demo course. */
export function demoCurriculum(course: {
  title: string;
  description: string;
  locale: string;
  category: string;
}): DemoCurriculumSection[] {
  const words = WORDS[course.locale.slice(0, 2)] ?? ENGLISH;
  const seed = hash(course.title);
  const duration = (i: number) => 120 + (((seed >>> (i % 16)) + i * 97) % 900);
  const language = demoCodingLanguage(course.title);
  let n = 0;
  const lecture = (title: string): DemoCurriculumItem => ({
    type: 'LECTURE',
    title,
    durationSeconds: duration(n++),
  });

  const described = descriptionPhrases(course.description, course.locale);
  const phrases = described.length >= 3 ? described : [...described, ...words.fallbacks].slice(0, 3);
  const sections: DemoCurriculumSection[] = [
    {
      title: words.intro,
      items: [lecture(words.welcome(course.title)), ...words.introLectures.map(lecture)],
    },
  ];
  phrases.forEach((phrase, i) => {
    const lectureCount = 2 + ((seed >>> i) % 3);
    const items = words.lectures.slice(0, lectureCount).map((title) => lecture(title(phrase)));
    const questions = (count: number) =>
      Array.from({ length: count }, (_, q) => words.questions[q % words.questions.length]!(phrase));
    if (language && i % 2 === 1) {
      items.push({
        type: 'CODING_EXERCISE',
        title: words.coding(phrase),
        codingLanguage: language,
        questions: words.tests.slice(0, 3),
      });
    } else if (!language && course.category !== 'development' && i === 2) {
      items.push({ type: 'ASSIGNMENT', title: words.assignment(phrase), questions: words.briefs });
    }
    items.push({
      type: 'QUIZ',
      title: words.quiz(phrase),
      questions: questions(3 + (i % 3)),
      isBeta: (seed + i) % 7 === 0,
    });
    sections.push({ title: phrase, items });
  });
  const project: DemoCurriculumItem[] = words.projectLectures.map(lecture);
  if (course.category === 'it-and-software' || seed % 3 === 0) {
    project.push({
      type: 'PRACTICE_TEST',
      title: words.practiceTest,
      questions: words.finalQuestions,
      isBeta: seed % 5 === 0,
    });
  }
  sections.push({ title: words.project, items: project });
  return sections;
}
