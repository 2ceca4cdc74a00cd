/**
 * Checks that keep the design record inside the repository (docs/): code cites docs/decisions.md#N
 * or says the reason itself, never an issue number or a design file a clone does not have; and the
 * README's and docs' relative links lead to files and anchors that exist.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Citations a newcomer's clone cannot follow: a tracker's issue number, or a design file kept outside the repository. */
const OUTSIDE_CITATIONS: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\bissues?\s+#?\d+/i, why: 'an issue number (say the reason, or cite docs/decisions.md#N)' },
  { pattern: /\b(?:DECISIONS|ARCHITECTURE|STYLE)\.md\b/, why: 'a design file outside the repository (cite docs/)' },
  { pattern: /\bproduct-spec\.md\b/, why: 'the spec file, which lives outside the repository (cite "spec §N")' },
];

export interface Finding {
  file: string;
  line: number;
  text: string;
  why: string;
}

/** Every citation in `text` that points outside the repository. */
export function outsideCitations(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { pattern, why } of OUTSIDE_CITATIONS) {
      if (pattern.test(line)) findings.push({ file, line: i + 1, text: line.trim(), why });
    }
  });
  return findings;
}

const SKIPPED_DIRS = new Set(['node_modules', '.git', '.data', 'dist', 'cdk.out', 'test-results', 'coverage']);

/** The repository's files (tracked, and new ones not ignored); a copy without git is walked instead. */
export function repoFiles(root: string): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
    return out.split('\0').filter((f) => f && !f.split('/').includes('node_modules') && existsSync(join(root, f)));
  } catch {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(join(root, dir))) {
        const path = dir ? `${dir}/${name}` : name;
        if (statSync(join(root, path)).isDirectory()) {
          if (!SKIPPED_DIRS.has(name)) walk(path);
        } else files.push(path);
      }
    };
    walk('');
    return files;
  }
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown file offers: explicit `id="…"`s and its headings' slugs (repeats numbered as GitHub does). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const m of markdown.matchAll(/\b(?:id|name)="([^"]+)"/g)) if (m[1]) anchors.add(m[1]);
  const seen = new Map<string, number>();
  for (const line of withoutCode(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1] ?? '');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
}

/** Fenced blocks and inline code blanked out (line count kept), so a link shown as code is not checked. */
function withoutCode(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[\s\S]*?^\1/gm, (block) => block.replace(/[^\n]/g, ''))
    .replace(/`[^`\n]*`/g, '');
}

/** Relative links in `file` (a Markdown file under `root`) whose file or anchor does not exist. */
export function brokenLinks(root: string, file: string, read: (path: string) => string | undefined): Finding[] {
  const source = read(file) ?? '';
  const findings: Finding[] = [];
  withoutCode(source)
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = m[1] ?? '';
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and the like
        const [pathPart, anchor] = target.split('#', 2);
        const targetFile = pathPart ? relative(root, resolve(root, dirname(file), decodeURIComponent(pathPart))) : file;
        const why = (() => {
          if (targetFile.startsWith('..')) return 'leads outside the repository';
          const text = read(targetFile);
          if (text === undefined) return existsSync(join(root, targetFile)) ? undefined : 'no such file';
          if (anchor !== undefined && targetFile.endsWith('.md') && !anchorsOf(text).has(decodeURIComponent(anchor))) return `no anchor #${anchor} in ${targetFile}`;
          return undefined;
        })();
        if (why) findings.push({ file, line: i + 1, text: target, why });
      }
    });
  return findings;
}

/** Reads a repository file as text, or undefined when it is absent or a directory. */
export function reader(root: string): (path: string) => string | undefined {
  return (path) => {
    const full = join(root, path);
    return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
  };
}
