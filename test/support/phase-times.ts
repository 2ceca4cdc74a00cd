/**
 * A vitest reporter for `npm test` (test/run.ts): each project's phase (node, dom, browser) from its
 * first file's start to its last file's end, and the ten slowest files, printed at the end and
 * written to test-results/phase-times.json, so a suite that grows slower shows where (docs/testing.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

interface FileTime {
  project: string;
  file: string;
  seconds: number;
}

const round = (ms: number) => Math.round(ms / 100) / 10;

export default class PhaseTimes implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly phases = new Map<string, { first: number; last: number; files: number }>();
  private readonly files: FileTime[] = [];

  onTestModuleQueued(module: TestModule): void {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const now = Date.now();
    const start = this.started.get(module.moduleId) ?? now;
    const project = module.project.name;
    const phase = this.phases.get(project) ?? { first: start, last: now, files: 0 };
    this.phases.set(project, { first: Math.min(phase.first, start), last: Math.max(phase.last, now), files: phase.files + 1 });
    this.files.push({ project, file: module.relativeModuleId, seconds: round(now - start) });
  }

  onTestRunEnd(): void {
    if (this.phases.size === 0) return;
    const phases = [...this.phases].map(([project, p]) => ({ project, files: p.files, seconds: round(p.last - p.first) }));
    const slowest = [...this.files].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
    console.log(`\nphases: ${phases.map((p) => `${p.project} ${p.seconds} s (${p.files} files)`).join(', ')}`);
    console.log(`slowest files: ${slowest.map((f) => `${f.file} ${f.seconds} s`).join(', ')}`);
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/phase-times.json', `${JSON.stringify({ phases, files: this.files }, null, 2)}\n`);
  }
}
