/**
 * The trainer's line-crop format (finetune_recognizer.py `load_crops`): `crops.bin` holds the RGB
 * bytes of each crop one after another, `crops.jsonl` one row a crop with its text, size and byte
 * offset, plus whatever the writer adds (file, language, font). Every crop writer goes through here.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RgbImage } from '../../engine/src/contracts/raster.js';

export interface CropStore {
  add(image: RgbImage, row: { text: string; file: string } & Record<string, unknown>): void;
}

/** An empty store in `dir` (created, or emptied when it holds one). */
export function createCropStore(dir: string): CropStore {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'crops.bin'), new Uint8Array(0));
  writeFileSync(join(dir, 'crops.jsonl'), '');
  let offset = 0;
  return {
    add(image, row) {
      appendFileSync(join(dir, 'crops.bin'), image.data);
      appendFileSync(join(dir, 'crops.jsonl'), JSON.stringify({ ...row, width: image.width, height: image.height, offset }) + '\n');
      offset += image.data.length;
    },
  };
}
