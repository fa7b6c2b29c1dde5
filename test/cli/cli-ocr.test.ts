// The CLI's contract: `cli ocr --json FILE...` prints one JSON object per input file per line, in
// input order, with the path as given; unreadable files give an error object; exit status 0
// even when files fail, 2 for a usage error.
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OcrLine } from '../../engine/src/contracts/ocr.js';
import { REPO_ROOT, runCli, type CliRun } from '../support/run-cli.js';
import { makeTempDir, normalizeText, pseudoRandomBytes, RECEIPT_LINES, receiptJpeg, receiptPng, writeTempFile } from '../support/render-receipt.js';

describe('cli ocr --json', () => {
  let dir: string;
  const files: Record<'good' | 'missing' | 'empty' | 'random' | 'misnamed', string> = {} as never;
  let run: CliRun;
  let outputs: Record<string, unknown>[];

  beforeAll(async () => {
    dir = makeTempDir('cli-ocr');
    files.good = writeTempFile(dir, 'good.png', await receiptPng(RECEIPT_LINES, { width: 600, height: 400 }));
    files.missing = join(dir, 'missing.png');
    files.empty = writeTempFile(dir, 'empty.png', new Uint8Array(0));
    files.random = writeTempFile(dir, 'random.bin', pseudoRandomBytes(2048, 3));
    // A JPEG named .png, given as a path relative to the working folder.
    const misnamed = join(dir, 'photo.png');
    writeFileSync(misnamed, await receiptJpeg(RECEIPT_LINES, { width: 600, height: 400 }));
    files.misnamed = relative(REPO_ROOT, misnamed);
    run = await runCli(['ocr', '--json', files.good, files.missing, files.empty, files.random, files.misnamed]);
    outputs = run.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }, 150_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('exits 0 although some files fail, with one JSON line per input in input order', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.endsWith('\n')).toBe(true);
    expect(run.stdout.split('\n').filter((l) => l !== '')).toHaveLength(5);
    expect(outputs.map((o) => o.file)).toEqual([files.good, files.missing, files.empty, files.random, files.misnamed]);
  });

  it('the good file has page 1 with its size and lines with text, confidence, bounding_box and words, and ms', () => {
    const good = outputs[0] as { file: string; pages: Record<string, unknown>[]; ms: unknown; warnings?: unknown };
    expect(Object.keys(good).sort()).toEqual(['file', 'ms', 'pages']);
    expect(typeof good.ms).toBe('number');
    expect(good.ms as number).toBeGreaterThanOrEqual(0);
    expect(good.pages).toHaveLength(1);
    const page = good.pages[0] as { page: number; width: number; height: number; lines: OcrLine[] };
    expect(Object.keys(page).sort()).toEqual(['height', 'lines', 'page', 'width']);
    expect(page).toMatchObject({ page: 1, width: 600, height: 400 });
    expect(page.lines.map((l) => normalizeText(l.text))).toEqual(RECEIPT_LINES.map(normalizeText));
    for (const line of page.lines) {
      expect(Object.keys(line).sort()).toEqual(['bounding_box', 'confidence', 'text', 'words']);
      expect(Value.Check(OcrLine, line)).toBe(true);
      expect(line.words.length).toBeGreaterThan(0);
    }
  });

  it('the missing, empty and random files give error codes and messages', () => {
    const expected = ['invalid_parameters', 'empty_file', 'unsupported_media_type'];
    outputs.slice(1, 4).forEach((o, i) => {
      expect(Object.keys(o).sort()).toEqual(['error', 'file']);
      const error = o.error as { code: string; message: string };
      expect(error.code).toBe(expected[i]);
      expect(typeof error.message).toBe('string');
      expect(error.message.length).toBeGreaterThan(0);
    });
  });

  it('a JPEG named .png is read, with the declared_type_mismatch warning', () => {
    const o = outputs[4] as { pages: { lines: OcrLine[] }[]; warnings?: string[] };
    expect(o.warnings).toEqual(['declared_type_mismatch']);
    expect(o.pages[0].lines.map((l) => normalizeText(l.text))).toEqual(RECEIPT_LINES.map(normalizeText));
  });
});

describe('cli usage errors', () => {
  it('no arguments: exit 2 with the usage on stderr and nothing on stdout', async () => {
    const r = await runCli([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^Usage: /);
    expect(r.stderr).toContain('ocr');
    expect(r.stdout).toBe('');
  }, 60_000);

  it('ocr without files or with a bad --threads: exit 2; --help: exit 0 with the usage on stdout', async () => {
    const [noFiles, badThreads, help] = await Promise.all([runCli(['ocr', '--json']), runCli(['ocr', '--threads', '0', 'x.png']), runCli(['--help'])]);
    expect(noFiles.code).toBe(2);
    expect(noFiles.stderr).toMatch(/Usage: /);
    expect(badThreads.code).toBe(2);
    expect(badThreads.stderr).toContain('--threads');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: /);
  }, 60_000);
});
