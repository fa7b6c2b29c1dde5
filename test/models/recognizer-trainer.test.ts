// The recogniser trainer's data handling (models/training/test_training.py: targets with case and
// spaces merged, packed crops, jitter, schedule), run with Debian's Python, which holds PyTorch.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const python = '/usr/bin/python3';
const probe = spawnSync(python, ['-c', 'import torch, onnx, numpy, PIL.features as f; assert f.check("webp")'], { encoding: 'utf8' });
const missing = probe.status === 0 ? null : `${python} lacks torch, onnx, numpy or Pillow with WebP (apt-get install -y python3-torch python3-onnx python3-numpy python3-pil)`;
if (missing) console.log(`skipped: recogniser trainer tests, ${missing}`);

describe.skipIf(missing !== null)('recogniser trainer (Python)', () => {
  it('passes its unit tests', () => {
    const run = spawnSync(python, ['-m', 'unittest', '-v', 'models/training/test_training.py'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    const report = `${run.stdout}\n${run.stderr}`;
    expect(report).toMatch(/Ran \d+ tests/);
    expect(report).not.toMatch(/FAILED|Error/);
    expect(run.status, report).toBe(0);
  });
});
