/**
 * A vitest reporter that writes each test file's wall time and the whole machine's CPU time while it
 * ran (from /proc/stat: user, nice, system, irq, softirq, steal), one line per file, to CPU_REPORT
 * (default /tmp/cpu-report.tsv). Meaningful with one file at a time on an otherwise idle machine:
 *
 *   CPU_REPORT=cpu.tsv npx vitest run --project e2e --maxWorkers=1 --reporter=default --reporter=./tests/helpers/cpu-reporter.ts
 */
import { appendFileSync, readFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** Seconds of CPU the machine has spent busy since it started. */
function busySeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

const out = process.env.CPU_REPORT ?? '/tmp/cpu-report.tsv';

export default class CpuReporter implements Reporter {
  private run = { cpu: 0, at: 0 };
  private files = new Map<string, { cpu: number; at: number }>();

  onInit(): void {
    this.run = { cpu: busySeconds(), at: performance.now() };
    appendFileSync(out, `# file\twall s\tCPU s\tstate (${new Date().toISOString()})\n`);
  }

  onTestModuleStart(module: TestModule): void {
    this.files.set(module.moduleId, { cpu: busySeconds(), at: performance.now() });
  }

  onTestModuleEnd(module: TestModule): void {
    const start = this.files.get(module.moduleId);
    if (!start) return;
    const wall = (performance.now() - start.at) / 1000;
    const name = module.moduleId.replace(/^.*?\/(tests|src)\//, '$1/');
    appendFileSync(out, `${name}\t${wall.toFixed(1)}\t${(busySeconds() - start.cpu).toFixed(1)}\t${module.state()}\n`);
  }

  onTestRunEnd(): void {
    const wall = (performance.now() - this.run.at) / 1000;
    appendFileSync(out, `# whole run\t${wall.toFixed(1)}\t${(busySeconds() - this.run.cpu).toFixed(1)}\n`);
  }
}
