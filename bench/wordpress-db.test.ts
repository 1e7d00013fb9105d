import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WORDPRESS_CASES } from './wordpress-cases.js';
import {
  readFigures,
  renderWordPressDb,
  WORDPRESS_BUDGETS,
  type WordPressResults,
  writeWordPressSection,
} from './wordpress-db.js';

const budget = WORDPRESS_BUDGETS.quick;

describe('renderWordPressDb', () => {
  it('says the part was skipped, and why', () => {
    const results: WordPressResults = {
      rows: [],
      figures: undefined,
      connections: 8,
      databaseCounted: false,
      budget,
      skipped: 'no mariadbd',
    };
    expect(renderWordPressDb(results)).toEqual(['Serving a WordPress database (MariaDB): skipped (no mariadbd).']);
  });

  it('prints each case with both figures and their ratio', () => {
    const figures = readFigures();
    expect(figures).toBeDefined();
    const results: WordPressResults = {
      rows: [
        {
          benchCase: WORDPRESS_CASES[0] as (typeof WORDPRESS_CASES)[number],
          cmsPerCpuSecond: 600,
          cmsPerSecond: 400,
          databaseShare: 30,
          statementsPerRequest: 12,
          wordpressPerCpuSecond: 20,
          failures: 0,
          differences: [],
        },
        {
          benchCase: WORDPRESS_CASES[2] as (typeof WORDPRESS_CASES)[number],
          cmsPerCpuSecond: 900,
          cmsPerSecond: 800,
          databaseShare: 40,
          statementsPerRequest: 3.25,
          wordpressPerCpuSecond: undefined,
          failures: 2,
          differences: ['status 404, WordPress 200'],
        },
      ],
      figures,
      connections: 8,
      databaseCounted: true,
      budget,
    };
    const text = renderWordPressDb(results).join('\n');
    expect(text).toContain('| GET /wp/v2/posts (10 posts) | 600 | 20.0 | 30.0× | 400 | 30% | 12.0 | 0 | yes |');
    expect(text).toContain('| GET /wp/v2/posts/1 | 900 | – | – | 800 | 40% | 3.3 | 2 | status 404, WordPress 200 |');
    expect(text).toContain('and of MariaDB');
    expect(text).toContain('bench/wordpress-reference.ts');
  });

  it('says so when the database server CPU is not counted', () => {
    const results: WordPressResults = { rows: [], figures: undefined, connections: 8, databaseCounted: false, budget };
    expect(renderWordPressDb(results)[0]).toContain('MariaDB NOT counted');
  });
});

describe('recorded figures', () => {
  it('hold the three cases with WordPress answers to compare against', () => {
    const figures = readFigures();
    for (const benchCase of WORDPRESS_CASES) {
      const recorded = figures?.cases[benchCase.id];
      expect(recorded?.path).toBe(benchCase.path);
      expect(recorded?.requestsPerCpuSecond).toBeGreaterThan(0);
      expect(recorded?.answer.status).toBe(200);
    }
  });

  it('are absent when no file was recorded', () => {
    expect(readFigures(join(tmpdir(), 'no-such-figures.json'))).toBeUndefined();
  });
});

describe('writeWordPressSection', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('adds the section once, then replaces only what is between its markers', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-wp-doc-'));
    const file = join(dir, 'performance.md');
    writeFileSync(file, '# Performance\n\nIntro.\n');
    writeWordPressSection(['first table'], file);
    const once = readFileSync(file, 'utf8');
    expect(once).toContain('## Serving a WordPress database');
    expect(once).toContain('first table');
    writeFileSync(file, `${once}\nAfter the section.\n`);
    writeWordPressSection(['second table'], file);
    const twice = readFileSync(file, 'utf8');
    expect(twice).not.toContain('first table');
    expect(twice).toContain('second table');
    expect(twice).toContain('Intro.');
    expect(twice).toContain('After the section.');
    expect(twice.match(/## Serving a WordPress database/g)).toHaveLength(1);
  });
});
