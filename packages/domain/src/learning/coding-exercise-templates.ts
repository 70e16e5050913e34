/**
 * Platform §3 coding languages and versions, and the templates a coding exercise starts from:
 * the files an instructor edits (solution), the tests that grade it and the files the runner
 * needs (setup). Static data: they change with the exercise runner, not with the catalog.
 */

/** The language families (`codingExerciseTemplatesByLanguage`). */
export const CODING_LANGUAGES = [
  'CPP',
  'CSHARP',
  'HTML',
  'JAVA',
  'JAVASCRIPT',
  'KOTLIN',
  'PHP',
  'PYTHON',
  'R',
  'REACT',
  'RUBY',
  'SQL',
  'SQLITE',
  'SWIFT',
] as const;
export type CodingLanguage = (typeof CODING_LANGUAGES)[number];

/** Platform §3 coding languages and versions: what the runner can run, each of one family. */
export const CODING_LANGUAGE_VERSIONS = {
  CPP: { language: 'CPP', label: 'C++' },
  CSHARP: { language: 'CSHARP', label: 'C#' },
  HTML: { language: 'HTML', label: 'HTML' },
  JS_ES6: { language: 'JAVASCRIPT', label: 'JavaScript ES6' },
  JAVA9: { language: 'JAVA', label: 'Java 9' },
  JAVA11: { language: 'JAVA', label: 'Java 11' },
  JAVA17: { language: 'JAVA', label: 'Java 17' },
  KOTLIN1_9: { language: 'KOTLIN', label: 'Kotlin 1.9' },
  PHP5: { language: 'PHP', label: 'PHP 5' },
  PHP7: { language: 'PHP', label: 'PHP 7' },
  PY3_5: { language: 'PYTHON', label: 'Python 3.5' },
  PY3_8: { language: 'PYTHON', label: 'Python 3.8' },
  PY3_10: { language: 'PYTHON', label: 'Python 3.10' },
  PY_CSV: { language: 'PYTHON', label: 'CSV processing with Python' },
  PY_SCIENTIFIC: { language: 'PYTHON', label: 'Python with NumPy, pandas and scikit-learn' },
  REACT16: { language: 'REACT', label: 'React 16' },
  REACT18: { language: 'REACT', label: 'React 18' },
  RUBY: { language: 'RUBY', label: 'Ruby' },
  R3_6: { language: 'R', label: 'R 3.6' },
  SQL: { language: 'SQL', label: 'SQL' },
  SQLITE3: { language: 'SQLITE', label: 'SQLite 3' },
  SWIFT3: { language: 'SWIFT', label: 'Swift 3' },
  SWIFT5: { language: 'SWIFT', label: 'Swift 5' },
} as const satisfies Record<string, { language: CodingLanguage; label: string }>;
export type CodingLanguageVersion = keyof typeof CODING_LANGUAGE_VERSIONS;
export const CODING_LANGUAGE_VERSION_CODES = Object.keys(CODING_LANGUAGE_VERSIONS) as CodingLanguageVersion[];

export interface CodeFile {
  fileName: string;
  content: string;
}

export interface CodingExerciseTemplate {
  language: CodingLanguage;
  supportedVersions: CodingLanguageVersion[];
  /** Unique within its language. */
  name: string;
  description: string;
  solutionFiles: CodeFile[];
  testFiles: CodeFile[];
  setupFiles: CodeFile[];
}

const file = (fileName: string, ...lines: string[]): CodeFile => ({
  fileName,
  content: `${lines.join('\n')}\n`,
});

export const CODING_EXERCISE_TEMPLATES: readonly CodingExerciseTemplate[] = [
  {
    language: 'CPP',
    supportedVersions: ['CPP'],
    name: 'function-with-tests',
    description: 'One function in a header and its source, graded by GoogleTest cases.',
    solutionFiles: [
      file('solution.h', '#pragma once', '', 'int sum(int a, int b);'),
      file('solution.cpp', '#include "solution.h"', '', 'int sum(int a, int b) {', '  return a + b;', '}'),
    ],
    testFiles: [
      file(
        'test.cpp',
        '#include <gtest/gtest.h>',
        '#include "solution.h"',
        '',
        'TEST(Sum, AddsTwoNumbers) {',
        '  EXPECT_EQ(sum(2, 3), 5);',
        '}',
      ),
    ],
    setupFiles: [],
  },
  {
    language: 'CSHARP',
    supportedVersions: ['CSHARP'],
    name: 'class-with-tests',
    description: 'A static class graded by NUnit tests.',
    solutionFiles: [
      file(
        'Solution.cs',
        'public static class Solution',
        '{',
        '    public static int Sum(int a, int b) => a + b;',
        '}',
      ),
    ],
    testFiles: [
      file(
        'SolutionTests.cs',
        'using NUnit.Framework;',
        '',
        'public class SolutionTests',
        '{',
        '    [Test]',
        '    public void AddsTwoNumbers() => Assert.AreEqual(5, Solution.Sum(2, 3));',
        '}',
      ),
    ],
    setupFiles: [],
  },
  {
    language: 'HTML',
    supportedVersions: ['HTML'],
    name: 'page-with-styles',
    description: 'A page and its stylesheet, checked by DOM assertions.',
    solutionFiles: [
      file(
        'index.html',
        '<!doctype html>',
        '<html lang="en">',
        '  <head><link rel="stylesheet" href="styles.css" /></head>',
        '  <body><h1>Hello</h1></body>',
        '</html>',
      ),
      file('styles.css', 'h1 {', '  color: rebeccapurple;', '}'),
    ],
    testFiles: [
      file(
        'test.js',
        "const heading = document.querySelector('h1');",
        "expect(heading.textContent).toBe('Hello');",
      ),
    ],
    setupFiles: [],
  },
  {
    language: 'JAVA',
    supportedVersions: ['JAVA9', 'JAVA11', 'JAVA17'],
    name: 'class-with-tests',
    description: 'A class graded by JUnit 5 tests.',
    solutionFiles: [
      file(
        'Solution.java',
        'public class Solution {',
        '    public static int sum(int a, int b) {',
        '        return a + b;',
        '    }',
        '}',
      ),
    ],
    testFiles: [
      file(
        'SolutionTest.java',
        'import static org.junit.jupiter.api.Assertions.assertEquals;',
        'import org.junit.jupiter.api.Test;',
        '',
        'class SolutionTest {',
        '    @Test',
        '    void addsTwoNumbers() {',
        '        assertEquals(5, Solution.sum(2, 3));',
        '    }',
        '}',
      ),
    ],
    setupFiles: [],
  },
  {
    language: 'JAVA',
    supportedVersions: ['JAVA17'],
    name: 'record-with-tests',
    description: 'A Java 17 record with a compact constructor that validates its fields.',
    solutionFiles: [
      file(
        'Point.java',
        'public record Point(int x, int y) {',
        '    public Point {',
        '        if (x < 0 || y < 0) throw new IllegalArgumentException("negative");',
        '    }',
        '}',
      ),
    ],
    testFiles: [
      file(
        'PointTest.java',
        'import static org.junit.jupiter.api.Assertions.assertThrows;',
        'import org.junit.jupiter.api.Test;',
        '',
        'class PointTest {',
        '    @Test',
        '    void refusesNegatives() {',
        '        assertThrows(IllegalArgumentException.class, () -> new Point(-1, 0));',
        '    }',
        '}',
      ),
    ],
    setupFiles: [],
  },
  {
    language: 'JAVASCRIPT',
    supportedVersions: ['JS_ES6'],
    name: 'function-with-tests',
    description: 'An ES module exporting a function, graded by Mocha and Chai.',
    solutionFiles: [file('solution.js', 'export function sum(a, b) {', '  return a + b;', '}')],
    testFiles: [
      file(
        'test.js',
        "import { expect } from 'chai';",
        "import { sum } from './solution.js';",
        '',
        "describe('sum', () => {",
        "  it('adds two numbers', () => expect(sum(2, 3)).to.equal(5));",
        '});',
      ),
    ],
    setupFiles: [],
  },
  {
    language: 'KOTLIN',
    supportedVersions: ['KOTLIN1_9'],
    name: 'function-with-tests',
    description: 'A top-level function graded by kotlin.test.',
    solutionFiles: [file('Solution.kt', 'fun sum(a: Int, b: Int): Int = a + b')],
    testFiles: [
      file(
        'SolutionTest.kt',
        'import kotlin.test.Test',
        'import kotlin.test.assertEquals',
        '',
        'class SolutionTest {',
        '    @Test fun addsTwoNumbers() = assertEquals(5, sum(2, 3))',
        '}',
      ),
    ],
    setupFiles: [],
  },
  {
    language: 'PHP',
    supportedVersions: ['PHP5', 'PHP7'],
    name: 'function-with-tests',
    description: 'A function graded by PHPUnit.',
    solutionFiles: [
      file('solution.php', '<?php', '', 'function sum($a, $b)', '{', '    return $a + $b;', '}'),
    ],
    testFiles: [
      file(
        'SolutionTest.php',
        '<?php',
        "require_once 'solution.php';",
        '',
        'class SolutionTest extends PHPUnit_Framework_TestCase',
        '{',
        '    public function testAddsTwoNumbers()',
        '    {',
        '        $this->assertEquals(5, sum(2, 3));',
        '    }',
        '}',
      ),
    ],
    setupFiles: [],
  },
  {
    language: 'PYTHON',
    supportedVersions: ['PY3_5', 'PY3_8', 'PY3_10'],
    name: 'function-with-tests',
    description: 'A module with one function, graded by unittest.',
    solutionFiles: [file('solution.py', 'def total(numbers):', '    return sum(numbers)')],
    testFiles: [
      file(
        'test_solution.py',
        'import unittest',
        'from solution import total',
        '',
        '',
        'class TotalTest(unittest.TestCase):',
        '    def test_adds_numbers(self):',
        '        self.assertEqual(total([2, 3]), 5)',
      ),
    ],
    setupFiles: [],
  },
  {
    language: 'PYTHON',
    supportedVersions: ['PY_CSV'],
    name: 'csv-report',
    description: 'Reads a CSV file with the csv module and summarises a column.',
    solutionFiles: [
      file(
        'report.py',
        'import csv',
        '',
        '',
        'def total_sales(path):',
        '    with open(path, newline="") as handle:',
        '        return sum(float(row["amount"]) for row in csv.DictReader(handle))',
      ),
    ],
    testFiles: [
      file(
        'test_report.py',
        'import unittest',
        'from report import total_sales',
        '',
        '',
        'class ReportTest(unittest.TestCase):',
        '    def test_sums_the_amounts(self):',
        '        self.assertAlmostEqual(total_sales("sales.csv"), 42.5)',
      ),
    ],
    setupFiles: [file('sales.csv', 'date,amount', '2026-01-05,20.00', '2026-01-06,22.50')],
  },
  {
    language: 'PYTHON',
    supportedVersions: ['PY_SCIENTIFIC'],
    name: 'data-frame',
    description: 'A pandas function over a small dataset, graded with the data frame it returns.',
    solutionFiles: [
      file(
        'analysis.py',
        'import pandas as pd',
        '',
        '',
        'def trips_per_station(trips: pd.DataFrame) -> pd.Series:',
        '    return trips.groupby("station").size().sort_values(ascending=False)',
      ),
    ],
    testFiles: [
      file(
        'test_analysis.py',
        'import unittest',
        'import pandas as pd',
        'from analysis import trips_per_station',
        '',
        '',
        'class AnalysisTest(unittest.TestCase):',
        '    def test_counts_trips(self):',
        '        trips = pd.read_csv("trips.csv")',
        '        self.assertEqual(trips_per_station(trips).iloc[0], 2)',
      ),
    ],
    setupFiles: [file('trips.csv', 'station,minutes', 'Harbour,12', 'Harbour,7', 'Museum,20')],
  },
  {
    language: 'R',
    supportedVersions: ['R3_6'],
    name: 'function-with-tests',
    description: 'An R function graded by testthat.',
    solutionFiles: [file('solution.R', 'total <- function(numbers) {', '  sum(numbers)', '}')],
    testFiles: [
      file(
        'test-solution.R',
        'library(testthat)',
        'source("solution.R")',
        '',
        'test_that("adds numbers", {',
        '  expect_equal(total(c(2, 3)), 5)',
        '})',
      ),
    ],
    setupFiles: [],
  },
  {
    language: 'REACT',
    supportedVersions: ['REACT16', 'REACT18'],
    name: 'component-with-tests',
    description: 'A function component graded by React Testing Library.',
    solutionFiles: [
      file(
        'Greeting.jsx',
        'export default function Greeting({ name }) {',
        '  return <h1>Hello, {name}!</h1>;',
        '}',
      ),
    ],
    testFiles: [
      file(
        'Greeting.test.jsx',
        "import { render, screen } from '@testing-library/react';",
        "import Greeting from './Greeting.jsx';",
        '',
        "test('greets by name', () => {",
        '  render(<Greeting name="Ada" />);',
        "  expect(screen.getByRole('heading')).toHaveTextContent('Hello, Ada!');",
        '});',
      ),
    ],
    setupFiles: [],
  },
  {
    language: 'RUBY',
    supportedVersions: ['RUBY'],
    name: 'method-with-tests',
    description: 'A method graded by Minitest.',
    solutionFiles: [file('solution.rb', 'def total(numbers)', '  numbers.sum', 'end')],
    testFiles: [
      file(
        'test_solution.rb',
        "require 'minitest/autorun'",
        "require_relative 'solution'",
        '',
        'class TotalTest < Minitest::Test',
        '  def test_adds_numbers',
        '    assert_equal 5, total([2, 3])',
        '  end',
        'end',
      ),
    ],
    setupFiles: [],
  },
  {
    language: 'SQL',
    supportedVersions: ['SQL'],
    name: 'query',
    description: 'A query against a small schema; graded by comparing its rows with the expected ones.',
    solutionFiles: [
      file('solution.sql', 'SELECT name, total', 'FROM customers', 'ORDER BY total DESC', 'LIMIT 3;'),
    ],
    testFiles: [file('expected.csv', 'name,total', 'Ada,420', 'Grace,380', 'Linus,250')],
    setupFiles: [
      file(
        'schema.sql',
        'CREATE TABLE customers (name TEXT PRIMARY KEY, total INTEGER NOT NULL);',
        "INSERT INTO customers VALUES ('Ada', 420), ('Grace', 380), ('Linus', 250), ('Ken', 90);",
      ),
    ],
  },
  {
    language: 'SQLITE',
    supportedVersions: ['SQLITE3'],
    name: 'query',
    description: 'A query run by SQLite 3 against a seeded database file.',
    solutionFiles: [file('solution.sql', 'SELECT COUNT(*) AS orders FROM orders WHERE shipped = 1;')],
    testFiles: [file('expected.csv', 'orders', '2')],
    setupFiles: [
      file(
        'schema.sql',
        'CREATE TABLE orders (id INTEGER PRIMARY KEY, shipped INTEGER NOT NULL);',
        'INSERT INTO orders (shipped) VALUES (1), (0), (1);',
      ),
    ],
  },
  {
    language: 'SWIFT',
    supportedVersions: ['SWIFT3', 'SWIFT5'],
    name: 'function-with-tests',
    description: 'A function graded by XCTest.',
    solutionFiles: [file('Solution.swift', 'func sum(_ a: Int, _ b: Int) -> Int {', '    return a + b', '}')],
    testFiles: [
      file(
        'SolutionTests.swift',
        'import XCTest',
        '',
        'class SolutionTests: XCTestCase {',
        '    func testAddsTwoNumbers() {',
        '        XCTAssertEqual(sum(2, 3), 5)',
        '    }',
        '}',
      ),
    ],
    setupFiles: [],
  },
];

/** The templates of a language family, by name. */
export const templatesOfLanguage = (language: CodingLanguage) =>
  CODING_EXERCISE_TEMPLATES.filter((template) => template.language === language);

/** The templates that run on a language version, by name. */
export const templatesOfVersion = (version: CodingLanguageVersion) =>
  CODING_EXERCISE_TEMPLATES.filter((template) => template.supportedVersions.includes(version));

/** The template of that name that runs on the version; null when there is none. */
export const templateOfVersion = (version: CodingLanguageVersion, name: string) =>
  templatesOfVersion(version).find((template) => template.name === name) ?? null;
