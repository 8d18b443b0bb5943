// Label files and score arithmetic shared by the identifiers (docs/adr/0019-pest-identification.md).
//
// A label file has one line per model output, in output order: `稻飞虱|planthopper` (Chinese and English
// names; either part, or a knowledge-base code, finds the knowledge entry) or a single word. A label written
// `__like_this__` (`__background__`, `__not_plant__`) marks an output that means "no plant or insect here".
// Blank lines and lines starting with # are skipped.

export interface RawCandidate {
  label: string;
  confidence: number;
}

export const isRejectLabel = (label: string): boolean => /^__.+__$/.test(label.trim());

export const parseLabels = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

/** The label's parts ('稻飞虱|planthopper' → both), each a way to find its knowledge entry. */
export const labelParts = (label: string): string[] =>
  label
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean);

/** The label's name in a language: the first part in Chinese, the second (if any) in English. */
export const labelName = (label: string, lang: 'zh-CN' | 'en-US'): string => {
  const parts = labelParts(label);
  return (lang === 'en-US' ? (parts[1] ?? parts[0]) : parts[0]) ?? label;
};

/**
 * Probabilities from the model's output: kept as they are when they already are (non-negative, summing to
 * 1 — a model ending in Softmax), else a numerically stable softmax of the logits.
 */
export const toProbabilities = (out: ArrayLike<number>): number[] => {
  const v = Array.from(out);
  const sum = v.reduce((a, b) => a + b, 0);
  if (v.every((x) => x >= 0 && x <= 1) && Math.abs(sum - 1) < 1e-3) return v;
  const max = Math.max(...v);
  const e = v.map((x) => Math.exp(x - max));
  const total = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / total);
};

/** The k most likely labels, most likely first (ties: the earlier output first, so answers are stable). */
export const topK = (probs: readonly number[], labels: readonly string[], k: number): RawCandidate[] =>
  probs
    .map((p, i) => ({ label: labels[i] ?? `#${i}`, confidence: p, i }))
    .sort((a, b) => b.confidence - a.confidence || a.i - b.i)
    .slice(0, k)
    // Rounded so a stored answer and a fresh one read the same (6 places is well below what is shown).
    .map(({ label, confidence }) => ({ label, confidence: Math.round(confidence * 1e6) / 1e6 }));

/** Bounded concurrency with a short queue: beyond it the caller is told to retry (never an unbounded backlog). */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly queueMax: number,
  ) {}

  /** Runs fn when a slot is free; undefined when the queue is full. */
  async run<T>(fn: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.running >= this.max) {
      if (this.waiting.length >= this.queueMax) return undefined;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return { value: await fn() };
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter (running stays the same).
      if (next) next();
      else this.running -= 1;
    }
  }
}
