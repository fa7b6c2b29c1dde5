// The recogniser's provenance record reads each trainer run from train.log (models/training/trainer-log.ts).
import { describe, expect, it } from 'vitest';
import { trainerRuns } from '../../models/training/trainer-log.js';

const finished = ['19563 training crops, 0 held out, 1927549 parameters, on cuda', 'step 100/200 loss 0.1 lr 1e-4 9s', 'step 200/200 loss 0.1 lr 0 18s', 'wrote /o/b.onnx after 200 steps (1.3 passes) in 18s'].join('\n');
const stopped = [
  '26126 training crops, 0 held out, 1927549 parameters, on cuda',
  'step 400/1000 loss 0.1 lr 1e-4 40s',
  'step 500/1000 loss 0.1 lr 1e-4 50s',
  'checkpoint /o/a.onnx',
  'step 600/1000 loss 0.1 lr 1e-4 60s',
  'step 1000/1000 loss 0.1 lr 1e-4 99s',
  'step 1000/1000 loss 0.1 lr 1e-4 100s',
  'checkpoint /o/a.onnx',
  'step 1100/1000 loss 0.1 lr 1e-4 110s',
].join('\n');

describe('trainer log', () => {
  it('reads a finished run from its last line', () => {
    expect(trainerRuns(finished)).toEqual([{ device: 'cuda', steps: 200, passes: 1.3, seconds: 18 }]);
  });

  it('reads a stopped run at the step written just before its last checkpoint, each run in order', () => {
    const runs = trainerRuns(`${stopped}\n${finished}\n`);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ device: 'cuda', steps: 1000, of: 1000, seconds: 100 });
    expect(runs[1]).toMatchObject({ steps: 200, passes: 1.3 });
  });

  it('puts a stage 1 from an earlier record first', () => {
    const runs = trainerRuns(finished, { sha256: 'abc', run: { device: 'cuda', steps: 4500, passes: 29.5, seconds: 283 } });
    expect(runs[0]).toMatchObject({ steps: 4500, from: expect.stringContaining('abc') });
    expect(runs).toHaveLength(2);
  });

  it('refuses a log with no run, and a run that neither finished nor wrote a checkpoint', () => {
    expect(() => trainerRuns('torch 2 cuda True\n')).toThrow(/no trainer run/);
    expect(() => trainerRuns('10 training crops, 0 held out, 5 parameters, on cpu\nstep 100/200 loss 0.1 lr 1e-4 9s\n')).toThrow(/neither finished nor wrote a checkpoint/);
  });
});
