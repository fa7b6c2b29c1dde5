/**
 * What a trainer log (finetune_recognizer.py's output, train-from-packs.sh's train.log) says of
 * its runs, for the recogniser's provenance record (install-recognizer.ts).
 */
export interface TrainerRun {
  device: string;
  steps: number;
  seconds: number;
  passes?: number;
  /** A run stopped from outside: the length of its schedule, and how it ended. */
  of?: number;
  ended?: string;
  from?: string;
}

/**
 * Device, steps and seconds of each run: a run starts at its `training crops ... on <device>` line
 * and ends at `wrote ... after N steps (P passes) in Ss`, or, for a run stopped from outside once
 * it had written the checkpoint that was used, at the `step N/T ... Ss` line just before its last
 * `checkpoint` line. A stage 1 taken from an earlier run is not in the log: its run comes from
 * that run's record (`stage1`).
 */
export function trainerRuns(log: string, stage1?: { sha256: string; run: TrainerRun }): TrainerRun[] {
  const runs = log
    .split(/^(?=\d+ training crops, )/m)
    .filter((part) => /^\d+ training crops, /.test(part))
    .map((part): TrainerRun => {
      const device = /training crops, .* on (\w+)/.exec(part)?.[1] ?? 'unknown';
      const done = /after (\d+) steps \(([\d.]+) passes\) in (\d+)s/.exec(part);
      if (done) return { device, steps: Number(done[1]), passes: Number(done[2]), seconds: Number(done[3]) };
      const atCheckpoint = [...part.matchAll(/^step (\d+)\/(\d+) .* (\d+)s\ncheckpoint /gm)].pop();
      if (!atCheckpoint) throw new Error('a run neither finished nor wrote a checkpoint');
      return { device, steps: Number(atCheckpoint[1]), of: Number(atCheckpoint[2]), seconds: Number(atCheckpoint[3]), ended: 'stopped; its checkpoint at this step is the model used' };
    });
  if (runs.length === 0) throw new Error('no trainer run');
  return stage1 ? [{ ...stage1.run, from: `an earlier run's stage 1 (sha256 ${stage1.sha256})` }, ...runs] : runs;
}
