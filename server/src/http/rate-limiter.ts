export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window restarts (at least 1). */
  resetSeconds: number;
}

/**
 * Fixed one-minute windows counted per subject (a key id: its client tokens count against it).
 * In memory: one server process owns a data directory, and a restart forgetting a partial
 * minute is harmless.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(private readonly windowMs = 60_000) {}

  hit(subject: string, limit: number, now = Date.now()): RateDecision {
    this.sweep(now);
    let w = this.windows.get(subject);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(subject, w);
    }
    const resetSeconds = Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
    if (w.count >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    w.count += 1;
    return { allowed: true, limit, remaining: limit - w.count, resetSeconds };
  }

  /** Drops finished windows now and then, so idle keys do not accumulate. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [subject, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(subject);
  }
}
