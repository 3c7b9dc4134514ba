// Counts of the spec run, printed once at the end: passed, failed and left out, per file and in total.

interface FileCounts {
  passed: number;
  failed: number;
  skipped: number;
}

export class Summary {
  private readonly files = new Map<string, FileCounts>();
  private readonly reasons = new Map<string, Map<string, number>>();

  private counts(file: string): FileCounts {
    let c = this.files.get(file);
    if (!c) this.files.set(file, (c = { passed: 0, failed: 0, skipped: 0 }));
    return c;
  }

  add(file: string): void {
    this.counts(file);
  }

  passed(file: string): void {
    this.counts(file).passed++;
  }

  failed(file: string): void {
    this.counts(file).failed++;
  }

  skipped(file: string, reason: string, detail: string): void {
    this.counts(file).skipped++;
    let details = this.reasons.get(reason);
    if (!details) this.reasons.set(reason, (details = new Map()));
    details.set(detail, (details.get(detail) ?? 0) + 1);
  }

  render(title: string): string {
    const width = Math.max(...[...this.files.keys()].map((f) => f.length), 10);
    const row = (name: string, c: FileCounts): string =>
      `${name.padEnd(width)}  ${String(c.passed).padStart(6)}  ${String(c.failed).padStart(6)}  ${String(c.skipped).padStart(7)}`;
    const total: FileCounts = { passed: 0, failed: 0, skipped: 0 };
    const lines = [title, `${'file'.padEnd(width)}  passed  failed  skipped`];
    for (const [name, c] of [...this.files].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(row(name, c));
      total.passed += c.passed;
      total.failed += c.failed;
      total.skipped += c.skipped;
    }
    lines.push(row('total', total), '', 'left out, by reason:');
    for (const [reason, details] of this.reasons) {
      lines.push(`  ${String([...details.values()].reduce((a, b) => a + b, 0)).padStart(4)}  ${reason}`);
      for (const [detail, n] of [...details].sort(([, a], [, b]) => b - a)) lines.push(`        ${String(n).padStart(4)}  ${detail}`);
    }
    return `${lines.join('\n')}\n`;
  }
}
