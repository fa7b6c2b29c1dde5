import { Type, type Static } from '@sinclair/typebox';

/** Position on a page: fractions 0 to 1 of the page's width and height, origin top-left. */
export const BoundingBox = Type.Object({
  x: Type.Number({ minimum: 0, maximum: 1 }),
  y: Type.Number({ minimum: 0, maximum: 1 }),
  width: Type.Number({ minimum: 0, maximum: 1 }),
  height: Type.Number({ minimum: 0, maximum: 1 }),
});
export type BoundingBox = Static<typeof BoundingBox>;

export const OcrWord = Type.Object({
  text: Type.String(),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  bounding_box: BoundingBox,
});
export type OcrWord = Static<typeof OcrWord>;

export const OcrLine = Type.Object({
  text: Type.String(),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  bounding_box: BoundingBox,
  words: Type.Array(OcrWord),
});
export type OcrLine = Static<typeof OcrLine>;

/** One page as read: width and height in pixels of the upright page that the boxes refer to. */
export const OcrPage = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
  /** Where the text came from: the PDF's own text layer or the OCR models. */
  source: Type.Union([Type.Literal('pdf_text'), Type.Literal('ocr')]),
  /** Clockwise degrees the page image was turned to read it upright. */
  rotation: Type.Union([Type.Literal(0), Type.Literal(90), Type.Literal(180), Type.Literal(270)]),
  lines: Type.Array(OcrLine),
});
export type OcrPage = Static<typeof OcrPage>;
